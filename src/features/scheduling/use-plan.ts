import { useState } from 'react';
import { isApiError } from '../../shared/api/api-error';
import { checkPlan, emptyRow, formErrorsOf, type PlanDraft, type PlanErrors, type ServiceLengths, type SlotOrigin } from './plan-form';
import { useCreatePlanMutation, usePreviewPlanMutation } from './mutations';
import type { PlanAnswer } from './components/plan-preview';

type Stage =
  { step: 'edit' } | { step: 'preview'; answer: PlanAnswer; origins: SlotOrigin[]; includePast: boolean } | { step: 'done'; count: number };

/**
 * The plan's form, its preview and its creation: a draft, the errors under its fields, and where the
 * person is. Dates before now are left out unless the person includes them from the preview, which
 * then asks again so what it lists is what Create makes.
 */
export function usePlan(organizationId: string, lengths: ServiceLengths) {
  const [draft, setDraft] = useState<PlanDraft>(() => ({ firstDay: '', lastDay: '', rows: [emptyRow()] }));
  const [errors, setErrors] = useState<PlanErrors>({});
  const [stage, setStage] = useState<Stage>({ step: 'edit' });
  const preview = usePreviewPlanMutation();
  const create = useCreatePlanMutation(organizationId);

  function takeServerErrors(error: unknown, origins: SlotOrigin[]) {
    if (isApiError(error) && error.errors) {
      setErrors(formErrorsOf(error.errors, origins));
      setStage({ step: 'edit' });
    }
  }

  function change(next: PlanDraft) {
    setDraft(next);
    create.reset();
    if (stage.step === 'preview') {
      setStage({ step: 'edit' });
    }
  }

  const includesPast = stage.step === 'preview' && stage.includePast;

  function runPreview(includePast = includesPast) {
    const checked = checkPlan(draft, organizationId, lengths);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    preview.mutate(
      { ...checked.body, include_past: includePast },
      {
        onSuccess: (answer) => setStage({ step: 'preview', answer, origins: checked.origins, includePast }),
        onError: (error) => takeServerErrors(error, checked.origins),
      },
    );
  }

  function runCreate(override: { reason: string } | null) {
    const checked = checkPlan(draft, organizationId, lengths);
    if (!checked.ok) {
      setErrors(checked.errors);
      setStage({ step: 'edit' });
      return;
    }
    const asked = { ...checked.body, include_past: includesPast };
    const body = override ? { ...asked, override_conflicts: true, override_reason: override.reason } : asked;
    create.mutate(body, {
      onSuccess: (answer) => setStage({ step: 'done', count: answer.created_ids.length || answer.count }),
      onError: (error) => {
        // Someone booked in the meantime: the preview is shown again, as it is now.
        if (isApiError(error) && error.code === 'SCHEDULE_CONFLICT') {
          runPreview(includesPast);
        } else {
          takeServerErrors(error, checked.origins);
        }
      },
    });
  }

  function restart() {
    setDraft({ firstDay: '', lastDay: '', rows: [emptyRow()] });
    setErrors({});
    setStage({ step: 'edit' });
    preview.reset();
    create.reset();
  }

  return { draft, change, errors, stage, preview, create, runPreview, runCreate, restart, backToEdit: () => setStage({ step: 'edit' }) };
}
