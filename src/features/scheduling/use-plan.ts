import { useState } from 'react';
import { isApiError } from '../../shared/api/api-error';
import {
  checkPlan,
  emptyRow,
  formErrorsOf,
  type PlanBody,
  type PlanDraft,
  type PlanErrors,
  type ServiceLengths,
  type SlotOrigin,
} from './plan-form';
import { useCreatePlanMutation, usePreviewPlanMutation } from './mutations';
import type { PlanAnswer } from './components/plan-preview';

type Stage = { step: 'edit' } | { step: 'preview'; answer: PlanAnswer; origins: SlotOrigin[] } | { step: 'done'; count: number };

/** The form checked: the call's body and where its slots came from, or null once its errors are set. */
function checkedOrNull(draft: PlanDraft, organizationId: string, lengths: ServiceLengths, setErrors: (errors: PlanErrors) => void) {
  const checked = checkPlan(draft, organizationId, lengths);
  setErrors(checked.ok ? {} : checked.errors);
  return checked.ok ? checked : null;
}

/** The body as sent: the past included or not, and the conflicts overridden with a reason when asked. */
const bodyFor = (body: PlanBody, includePast: boolean, override: { reason: string } | null): PlanBody => ({
  ...body,
  include_past: includePast,
  ...(override ? { override_conflicts: true, override_reason: override.reason } : {}),
});

/**
 * The plan's form, its preview and its creation: a draft, the errors under its fields, and where the
 * person is. Dates before now are left out unless the person includes them from the preview, which
 * then asks again so what it lists is what Create makes; the choice (`includePast`) shows at once,
 * the preview follows.
 */
export function usePlan(organizationId: string, lengths: ServiceLengths) {
  const [draft, setDraft] = useState<PlanDraft>(() => ({ firstDay: '', lastDay: '', rows: [emptyRow()] }));
  const [errors, setErrors] = useState<PlanErrors>({});
  const [stage, setStage] = useState<Stage>({ step: 'edit' });
  const [includePast, setIncludePast] = useState(false);
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
    setIncludePast(false);
    create.reset();
    if (stage.step === 'preview') {
      setStage({ step: 'edit' });
    }
  }

  function runPreview(include = includePast) {
    const checked = checkedOrNull(draft, organizationId, lengths, setErrors);
    if (!checked) {
      return;
    }
    setIncludePast(include);
    preview.mutate(bodyFor(checked.body, include, null), {
      onSuccess: (answer) => setStage({ step: 'preview', answer, origins: checked.origins }),
      onError: (error) => takeServerErrors(error, checked.origins),
    });
  }

  function runCreate(override: { reason: string } | null) {
    const checked = checkedOrNull(draft, organizationId, lengths, setErrors);
    if (!checked) {
      setStage({ step: 'edit' });
      return;
    }
    create.mutate(bodyFor(checked.body, includePast, override), {
      onSuccess: (answer) => setStage({ step: 'done', count: answer.created_ids.length || answer.count }),
      onError: (error) => {
        // Someone booked in the meantime: the preview is shown again, as it is now.
        if (isApiError(error) && error.code === 'SCHEDULE_CONFLICT') {
          runPreview();
        } else {
          takeServerErrors(error, checked.origins);
        }
      },
    });
  }

  function restart() {
    setDraft({ firstDay: '', lastDay: '', rows: [emptyRow()] });
    setIncludePast(false);
    setErrors({});
    setStage({ step: 'edit' });
    preview.reset();
    create.reset();
  }

  return {
    draft,
    change,
    errors,
    stage,
    includePast,
    preview,
    create,
    runPreview,
    runCreate,
    restart,
    backToEdit: () => setStage({ step: 'edit' }),
  };
}
