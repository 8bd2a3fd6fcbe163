import { useMemo } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { IonButton } from '@ionic/react';
import { addOutline, lockClosedOutline } from 'ionicons/icons';
import type { OrganizationPageProps } from '../../../shared/routing/app-route';
import { errorText } from '../../../shared/api/error-text';
import { FormError } from '../../../shared/ui/form-error';
import { IconButton } from '../../../shared/ui/icon-button';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/page-states';
import { Screen } from '../../../shared/ui/screen';
import { TextField } from '../../../shared/ui/text-field';
import { PlanDone } from '../components/plan-done';
import { PlanPreview } from '../components/plan-preview';
import { SlotRowFields, type PlanChoices } from '../components/slot-row-fields';
import { SCHEDULING_ERROR_TEXT } from '../error-text';
import { emptyRow, type PlanDraft, type SlotRow } from '../plan-form';
import type { Names } from '../plan-words';
import { schedulingQueries } from '../queries';
import { usePlan } from '../use-plan';
import '../scheduling.css';

/** "Plan a schedule": a date range and weekly slots, a preview of what it makes and what is in the way, then the sessions. */
export function PlanPage({ organization, access }: OrganizationPageProps) {
  const therapists = useQuery(schedulingQueries.therapists(organization.id, organization.code));
  const services = useQuery(schedulingQueries.services(organization.id, organization.code));
  if (!access.can('sessions.manage')) {
    return (
      <Screen title="Plan a schedule">
        <EmptyState icon={lockClosedOutline} title="Not open to your role">
          Planning sessions is for people who manage the schedule.
        </EmptyState>
      </Screen>
    );
  }
  const failed = therapists.isError ? therapists : services.isError ? services : null;
  let body;
  if (failed) {
    body = <ErrorState message={errorText(failed.error, SCHEDULING_ERROR_TEXT.fetchChoices)} onRetry={() => void failed.refetch()} />;
  } else if (!therapists.data || !services.data) {
    body = <LoadingState label="Loading therapists and services…" />;
  } else {
    const choices = {
      organizationId: organization.id,
      orgCode: organization.code,
      therapists: therapists.data,
      services: services.data.results,
    };
    body = <PlanForm choices={choices} canOverride={access.can('sessions.override')} />;
  }
  return (
    <Screen title="Plan a schedule" className="page plan-page">
      {body}
    </Screen>
  );
}

function PlanForm({ choices, canOverride }: { choices: PlanChoices; canOverride: boolean }) {
  const lengths = useMemo(() => new Map(choices.services.map((s) => [s.id, s.duration_minutes])), [choices.services]);
  const plan = usePlan(choices.organizationId, lengths);
  const { draft, errors, stage } = plan;
  const studentNames = useStudentNames(choices, draft.rows);
  const names: Names = {
    therapist: (id) => {
      const t = choices.therapists.find((x) => x.membership_id === id);
      return t ? `${t.first_name} ${t.last_name}` : 'a therapist';
    },
    student: (id) => studentNames.get(id) ?? 'a student',
    service: (id) => choices.services.find((s) => s.id === id)?.name ?? 'a service',
  };
  const setRow = (index: number, row: SlotRow) => plan.change({ ...draft, rows: draft.rows.map((r, i) => (i === index ? row : r)) });
  const addRow = (from?: SlotRow, at = draft.rows.length) =>
    plan.change({ ...draft, rows: [...draft.rows.slice(0, at), emptyRow(from), ...draft.rows.slice(at)] });

  if (stage.step === 'done') {
    return <PlanDone count={stage.count} firstDay={draft.firstDay} onAnother={plan.restart} />;
  }
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        plan.runPreview(false);
      }}
    >
      <p className="muted">
        Choose the days the plan covers, then the weekly slots. Each slot repeats every week on the days you tick; the session&apos;s length
        comes from its service. Nothing is made until you confirm after the preview.
      </p>
      <PlanRange draft={plan.draft} errors={errors} onChange={plan.change} />
      <h2 className="section-title">Weekly slots</h2>
      {draft.rows.map((row, index) => (
        <SlotRowFields
          key={row.key}
          row={row}
          index={index}
          errors={errors}
          choices={choices}
          onChange={(next) => setRow(index, next)}
          onCopy={() => addRow(row, index + 1)}
          onRemove={draft.rows.length > 1 ? () => plan.change({ ...draft, rows: draft.rows.filter((_, i) => i !== index) }) : undefined}
        />
      ))}
      {errors.rows && <FormError text={errors.rows} />}
      <div className="plan-page__actions">
        <IconButton icon={addOutline} fill="outline" onClick={() => addRow()}>
          Add a weekly slot
        </IconButton>
        <IonButton type="submit" disabled={plan.preview.isPending}>
          {plan.preview.isPending ? 'Preparing the preview…' : 'Preview'}
        </IonButton>
      </div>
      <PlanErrors plan={plan} />
      {stage.step === 'preview' && (
        <PlanPreview
          answer={stage.answer}
          origins={stage.origins}
          rows={draft.rows}
          names={names}
          canOverride={canOverride}
          isCreating={plan.create.isPending}
          isAsking={plan.preview.isPending}
          includePast={plan.includePast}
          onIncludePast={plan.runPreview}
          onCreate={plan.runCreate}
          onChange={plan.backToEdit}
        />
      )}
    </form>
  );
}

/** The chosen students' names, from the lists each row's therapist was asked for (already in the cache). */
function useStudentNames(choices: PlanChoices, rows: SlotRow[]): Map<string, string> {
  const therapistIds = [...new Set(rows.map((r) => r.therapistId).filter(Boolean))];
  const lists = useQueries({ queries: therapistIds.map((id) => schedulingQueries.students(choices.organizationId, choices.orgCode, id)) });
  return new Map(lists.flatMap((list) => (list.data?.results ?? []).map((s) => [s.id, `${s.first_name} ${s.last_name}`] as const)));
}

function PlanRange({
  draft,
  errors,
  onChange,
}: {
  draft: PlanDraft;
  errors: Record<string, string>;
  onChange: (draft: PlanDraft) => void;
}) {
  return (
    <fieldset className="plan-range">
      <legend className="section-title">Dates</legend>
      <TextField
        label="First day"
        name="first_day"
        type="date"
        value={draft.firstDay}
        onChange={(firstDay) => onChange({ ...draft, firstDay })}
        error={errors.first_day}
      />
      <TextField
        label="Last day"
        name="last_day"
        type="date"
        value={draft.lastDay}
        onChange={(lastDay) => onChange({ ...draft, lastDay })}
        error={errors.last_day}
      />
    </fieldset>
  );
}

/** Why the preview or the creation did not go through, in sentences. */
function PlanErrors({ plan }: { plan: ReturnType<typeof usePlan> }) {
  return (
    <>
      {Object.keys(plan.errors).length > 0 && <FormError text="Please correct the highlighted fields." />}
      <FormError error={plan.preview.error} fallback={SCHEDULING_ERROR_TEXT.previewPlan} />
      <FormError error={plan.create.error} fallback={SCHEDULING_ERROR_TEXT.createPlan} />
    </>
  );
}
