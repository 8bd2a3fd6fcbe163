import type { Therasession } from '../../../contract/scheduling';
import type { selectSessions } from './repository';

type SessionListItem = Awaited<ReturnType<typeof selectSessions>>[number];

/** A session with its student, department, service and therapist, as the contract's Therasession. */
export function presentSession({ session: s, student, department, service, therapist }: SessionListItem): Therasession {
  return {
    id: s.id,
    organization_id: s.organizationId,
    therapist_id: s.therapistMembershipId,
    therapist_name: `${therapist.firstName} ${therapist.lastName}`,
    student: { id: student.id, first_name: student.firstName, last_name: student.lastName },
    department: department ? { id: department.id, name: department.name } : null,
    service: service ? { id: service.id, name: service.name } : null,
    price_minor: s.priceMinor,
    start_at: s.startAt.toISOString(),
    end_at: s.endAt.toISOString(),
    planned_start_at: (s.plannedStartAt ?? s.startAt).toISOString(),
    status: s.status,
    started_at: s.startedAt?.toISOString() ?? null,
    ended_at: s.endedAt?.toISOString() ?? null,
    client_ended_at: s.clientEndedAt?.toISOString() ?? null,
    client_started_at: s.clientStartedAt?.toISOString() ?? null,
    start_received_at: s.startReceivedAt?.toISOString() ?? null,
    client_time_flag: s.clientTimeFlag,
    note: s.endNote,
    overtime_reason: s.overtimeReason,
    rescheduled_from:
      s.rescheduledFromStartAt && s.rescheduledFromEndAt
        ? { start_at: s.rescheduledFromStartAt.toISOString(), end_at: s.rescheduledFromEndAt.toISOString() }
        : null,
    change_reason: s.changeReason,
    overtaken_change: s.overtakenChange,
  };
}
