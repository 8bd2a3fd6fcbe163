/**
 * The demo's planned week: a few weekly slots with their services, planned through the bulk
 * planner as the desk would. It starts at least four days after today, on a Monday, so it never
 * meets today's and tomorrow's sessions (nor those a later start tops up), and its times sit
 * between the daily pattern's slots.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { DepartmentId, MembershipId, StudentId } from '../lib/ids';
import { services } from '../db/schema/services';
import { organizationTimezone } from '../db/lookups';
import type { RequestContext } from '../lib/request-context';
import { addDays, localDate, weekStart } from '../lib/time-zones';
import { planSessions } from '../features/scheduling';
import type { PlanSlot } from '../../contract/scheduling-desk';

export interface DemoWeekSlot {
  placed: { membershipId: MembershipId; studentId: StudentId; departmentId: DepartmentId };
  weekdays: PlanSlot['weekday'][];
  time: string;
  service: string;
}

export async function planDemoWeek(ctx: RequestContext, slots: DemoWeekSlot[]): Promise<number> {
  const names = [...new Set(slots.map((s) => s.service))];
  const rows = await ctx.tx
    .select({ id: services.id, name: services.name })
    .from(services)
    .where(and(eq(services.organizationId, ctx.org.id), inArray(services.name, names)));
  const serviceId = new Map(rows.map((row) => [row.name, row.id]));
  const firstDay = addDays(weekStart(addDays(localDate(await organizationTimezone(ctx.tx, ctx.org.id)), 4)), 7);
  const planned = await planSessions(ctx, {
    organization_id: ctx.org.id,
    first_day: firstDay,
    last_day: addDays(firstDay, 4),
    dry_run: false,
    include_past: false,
    override_conflicts: false,
    override_reason: '',
    slots: slots.flatMap((slot) =>
      slot.weekdays.map((weekday) => ({
        weekday,
        start_time: slot.time,
        therapist_id: slot.placed.membershipId,
        student_id: slot.placed.studentId,
        department_id: slot.placed.departmentId,
        service_id: serviceId.get(slot.service) ?? null,
      })),
    ),
  });
  return planned.count;
}
