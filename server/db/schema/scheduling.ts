import type { DepartmentId, MembershipId, SessionId, StudentId } from '../../lib/ids';
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, tenantIndex, tenantKeyColumns, tenantPrimaryKey, tenantReference } from './tenant';
import { students } from './enrollments';
import { memberships } from './organizations';
import { services } from './services';

export const SESSION_STATUSES = ['scheduled', 'in_progress', 'completed', 'cancelled', 'no_show', 'ended_early'] as const;

/** A therapy session (therasession). Its id is also the collector session's id. */
export const therasessions = pgTable(
  'therasessions',
  {
    ...tenantKeyColumns<SessionId>(),
    therapistMembershipId: uuid('therapist_membership_id').$type<MembershipId>().notNull(),
    studentId: uuid('student_id').$type<StudentId>().notNull(),
    departmentId: uuid('department_id').$type<DepartmentId>(),
    /** The numbers (num) of the therapist's membership, the student and the department, kept by a trigger. */
    therapistNum: integer('therapist_num'),
    studentNum: integer('student_num'),
    departmentNum: integer('department_num'),
    /** The service delivered; its length and price are the session's defaults. A service in use is never deleted. */
    serviceId: uuid('service_id'),
    /** The price in the organization's currency (minor units), copied from the service when booked. */
    priceMinor: integer('price_minor'),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    /**
     * The session as the calendar sends it, a JSON array kept by the database: id, planned start in
     * whole minutes since 1970 (a start moves start_at to the tap time; the calendar keeps the block
     * where it was planned, as the collector's day list does), length in minutes, status, the
     * therapist's, student's and department's numbers (null without a department), and when it was
     * started (null until then). Minutes are cut, not rounded (`epoch_minutes`), as every clock on
     * screen reads them. The calendar reads thousands at a time, and writing them out per read cost
     * more than the rest of its statement. Never null while the numbers are set (the check below):
     * a null cell would drop the session from the calendar.
     */
    calendarCell: text('calendar_cell').generatedAlwaysAs(
      sql`'["' || id::text || '",' || epoch_minutes(coalesce(planned_start_at, start_at))::text || ',' || (epoch_minutes(end_at) - epoch_minutes(start_at))::text || ',"' || status || '",' || therapist_num::text || ',' || student_num::text || ',' || coalesce(department_num::text, 'null') || ',' || coalesce(epoch_minutes(started_at)::text, 'null') || ']'`,
    ),
    status: text('status', { enum: SESSION_STATUSES }).notNull().default('scheduled'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** The slot's start before a start moved start_at to the tap time; null while start_at is still the planned one. */
    plannedStartAt: timestamp('planned_start_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Device times as sent (start's client_now, end's client_now); started_at/ended_at are what the server used. */
    clientStartedAt: timestamp('client_started_at', { withTimezone: true }),
    clientEndedAt: timestamp('client_ended_at', { withTimezone: true }),
    /** When the server received the start call (ended_at is the end call's receipt time). */
    startReceivedAt: timestamp('start_received_at', { withTimezone: true }),
    /** Why a device time is implausible, null when both are plausible (README "Decisions"). */
    clientTimeFlag: text('client_time_flag', { enum: ['end_before_start', 'ahead', 'behind'] }),
    /** The slot before the last reschedule (null until moved): the tablet tells its therapist what changed. */
    rescheduledFromStartAt: timestamp('rescheduled_from_start_at', { withTimezone: true }),
    rescheduledFromEndAt: timestamp('rescheduled_from_end_at', { withTimezone: true }),
    /** The reason given for the last reschedule or cancellation, or for booking over a conflict. */
    changeReason: text('change_reason').notNull().default(''),
    /**
     * The office's change a start from the tablet overtook: 'called_off' when the session had been
     * cancelled or marked a no-show before it started, 'moved' when it was moved after the tablet's
     * start tap. The session then ran at the tablet's time; both screens say so.
     */
    overtakenChange: text('overtaken_change', { enum: ['called_off', 'moved'] }),
    endNote: text('end_note').notNull().default(''),
    overtimeReason: text('overtime_reason').notNull().default(''),
    createdAt: createdAtColumn(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantReference(t, t.studentId, students),
    tenantReference(t, t.therapistMembershipId, memberships),
    tenantReference(t, t.serviceId, services),
    tenantIndex('therasessions_therapist_start_idx', t, t.therapistMembershipId, t.startAt),
    // The whole organization's week (calendar) and a student's overlapping sessions (double booking).
    tenantIndex('therasessions_start_idx', t, t.startAt),
    tenantIndex('therasessions_student_start_idx', t, t.studentId, t.startAt),
    // The calendar's cell names the status and the people: a status outside the list would reach the
    // app as a word it does not know, and a missing number would drop the session from the calendar.
    check('therasessions_status_ck', sql.raw(`status IN (${SESSION_STATUSES.map((status) => `'${status}'`).join(', ')})`)),
    check('therasessions_people_numbers_ck', sql`therapist_num IS NOT NULL AND student_num IS NOT NULL`),
  ],
);
