/**
 * The calendar's one read: sessions and events overlapping a range in the compact shape, with the
 * lookup lists naming each therapist, student and department once; schedulers see everyone's,
 * a therapist their own.
 */
import { beforeAll, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { addStaff, call, describeServer, placeStudent, scheduleFor, useCollectorWorld, type Actor } from '../helpers/collector-fixtures';
import { eq, sql, type SQL } from 'drizzle-orm';
import { calendarItems, type CalendarItemsAnswer } from '../../contract/calendar';
import { therasessions } from '../../server/db/schema/scheduling';
import { memberships } from '../../server/db/schema/organizations';
import { students } from '../../server/db/schema/enrollments';
import { departments } from '../../server/db/schema/departments';
import type { DepartmentId, SessionId, StudentId } from '../../server/lib/ids';

const { t, w } = useCollectorWorld();

const ITEMS = '/api/thera-calendar/items/';
const json = (res: LightMyRequestResponse) => res.json() as Record<string, any>;

/**
 * The answer is JSON the database wrote, sent without the response schema's check: here it must
 * parse against that schema with nothing stripped, and its cells decode to one row per session.
 */
function answer(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  const raw = res.json() as CalendarItemsAnswer;
  expect(calendarItems.response.parse(raw)).toEqual(raw);
  const named = (lookup: CalendarItemsAnswer['therapists']) => {
    expect(new Set(lookup.map(([, id]) => id)).size).toBe(lookup.length);
    expect(new Set(lookup.map(([num]) => num)).size).toBe(lookup.length);
    return lookup.map(([, id, name]) => ({ id, name }));
  };
  const [therapists, students, departments] = [named(raw.therapists), named(raw.students), named(raw.departments)];
  const idOf = (lookup: CalendarItemsAnswer['therapists'], num: number | null | undefined) =>
    num === null ? null : lookup.find(([n]) => n === num)?.[1];
  const minute = (at: number) => new Date(at * 60_000).toISOString();
  const sessions = raw.sessions.map(([id, startMin, minutes, status, therapist, student, department, startedMin]) => ({
    id,
    start_at: minute(startMin),
    end_at: minute(startMin + minutes),
    status,
    therapist_id: idOf(raw.therapists, therapist),
    student_id: idOf(raw.students, student),
    department_id: idOf(raw.departments, department),
    started_at: startedMin === null ? null : minute(startedMin),
  }));
  return { ...raw, sessions, therapists, students, departments };
}
const week = { from: '2032-05-03T00:00:00Z', to: '2032-05-10T00:00:00Z' };
const items = (actor: Actor, query: Record<string, string> = {}) => call(t, actor, 'GET', ITEMS, { query: { ...week, ...query } });

describeServer('calendarItems', () => {
  const ids: Partial<Record<'mine1' | 'mine2' | 'others' | 'later' | 'second', SessionId>> & {
    secondDepartment?: DepartmentId;
    secondStudent?: StudentId;
  } = {};
  let staff: Actor;
  beforeAll(async () => {
    staff = await addStaff(t, w.org);
    const at = (iso: string) => ({ startAt: new Date(iso) });
    ids.mine1 = (await scheduleFor(t, w.org, w.therapist, w.placement, at('2032-05-03T09:00:00Z'))).id;
    ids.mine2 = (await scheduleFor(t, w.org, w.therapist, w.placement, at('2032-05-04T09:00:00Z'))).id;
    ids.others = (await scheduleFor(t, w.org, w.other.therapist, w.other.placement, at('2032-05-03T09:00:00Z'))).id;
    // Just outside the week: not part of it.
    ids.later = (await scheduleFor(t, w.org, w.therapist, w.placement, at('2032-05-10T09:00:00Z'))).id;
    // A second student of the therapist in another department.
    const second = await placeStudent(t, w.org, w.therapist);
    ids.second = (await scheduleFor(t, w.org, w.therapist, second, at('2032-05-05T09:00:00Z'))).id;
    ids.secondDepartment = second.departmentId;
    ids.secondStudent = second.studentId;
    const event = async (title: string, audience: object) => {
      const res = await call(t, w.org.owner, 'POST', '/api/thera-calendar/events/', {
        body: {
          organization_id: w.org.id,
          kind: 'meeting',
          title,
          start_at: '2032-05-06T12:00:00Z',
          end_at: '2032-05-06T13:00:00Z',
          ...audience,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await event('Everyone meets', { for_everyone: true });
    await event('Just the other', { membership_ids: [w.other.therapist.membershipId] });
  });

  it("answers everything of the week to a scheduler, the lists naming the organization's whole directory once each", async () => {
    const body = answer(await items(w.org.owner));
    expect(body.time_zone).toBe('Europe/Berlin');
    expect(body.sessions.map((s) => s.id).sort()).toEqual([ids.mine1, ids.mine2, ids.others, ids.second].sort());
    expect(body.sessions.find((s) => s.id === ids.mine1)).toEqual({
      id: ids.mine1,
      start_at: '2032-05-03T09:00:00.000Z',
      end_at: '2032-05-03T09:45:00.000Z',
      status: 'scheduled',
      therapist_id: w.therapist.membershipId,
      student_id: w.placement.studentId,
      department_id: w.placement.departmentId,
      started_at: null,
    });
    // The whole organization's view names everyone (the app shows those its sessions name).
    const directory = await t.database.db.transaction(async (tx) => ({
      memberships: (await tx.select({ id: memberships.id }).from(memberships).where(eq(memberships.organizationId, w.org.id))).map(
        (r) => r.id,
      ),
      students: (await tx.select({ id: students.id }).from(students).where(eq(students.organizationId, w.org.id))).map((r) => r.id),
      departments: (await tx.select({ id: departments.id }).from(departments).where(eq(departments.organizationId, w.org.id))).map(
        (r) => r.id,
      ),
    }));
    expect(body.therapists.map((x) => x.id).sort()).toEqual(directory.memberships.sort());
    expect(body.therapists.length).toBeGreaterThan(2);
    expect(body.students.map((x) => x.id).sort()).toEqual(directory.students.sort());
    expect(body.students.find((s) => s.id === w.placement.studentId)?.name).toMatch(/^Student s-/);
    expect(body.departments.map((x) => x.id).sort()).toEqual(directory.departments.sort());
    expect(body.events.map((e) => e.title).sort()).toEqual(['Everyone meets', 'Just the other']);
  });

  it('narrows to a therapist, a student or a department for a scheduler', async () => {
    const only = async (query: Record<string, string>) =>
      answer(await items(staff, query))
        .sessions.map((s) => s.id)
        .sort();
    expect(await only({ therapist_id: w.other.therapist.membershipId! })).toEqual([ids.others]);
    expect(await only({ student_id: ids.secondStudent! })).toEqual([ids.second]);
    expect(await only({ department_id: ids.secondDepartment! })).toEqual([ids.second]);
    const forOther = answer(await items(staff, { therapist_id: w.other.therapist.membershipId! }));
    // A narrowed view names only the people its sessions name.
    expect(forOther.therapists.map((x) => x.id)).toEqual([w.other.therapist.membershipId]);
    expect(forOther.students.map((x) => x.id)).toEqual([w.other.placement.studentId]);
    expect(forOther.departments.map((x) => x.id)).toEqual([w.other.placement.departmentId]);
    expect(forOther.events.map((e) => e.title).sort()).toEqual(['Everyone meets', 'Just the other']);
  });

  it('answers a therapist their own sessions and the events that include them', async () => {
    const body = answer(await items(w.therapist));
    expect(body.sessions.map((s) => s.id).sort()).toEqual([ids.mine1, ids.mine2, ids.second].sort());
    expect(body.therapists).toEqual([{ id: w.therapist.membershipId, name: expect.any(String) }]);
    expect(body.events.map((e) => e.title)).toEqual(['Everyone meets']);
    const own = await items(w.therapist, { therapist_id: w.therapist.membershipId! });
    expect(own.statusCode).toBe(200);
  });

  it("refuses a therapist another therapist's sessions (403)", async () => {
    const res = await items(w.therapist, { therapist_id: w.other.therapist.membershipId! });
    expect(res.statusCode, res.body).toBe(403);
  });

  it("answers 404 to another organization's member naming this one, and nothing of it in their own", async () => {
    expect((await items(w.orgB.org.owner, { organization_id: w.org.id })).statusCode).toBe(404);
    const theirs = answer(await items(w.orgB.org.owner));
    expect(theirs.sessions).toEqual([]);
    expect(theirs.events).toEqual([]);
  });

  it('names the therapist, student and department a session has now, whichever write changed them', async () => {
    const moved = await scheduleFor(t, w.org, w.therapist, w.placement, { startAt: new Date('2032-05-25T09:00:00Z') });
    const range = { from: '2032-05-24T00:00:00Z', to: '2032-05-31T00:00:00Z' };
    await t.database.db
      .update(therasessions)
      .set({ therapistMembershipId: w.other.therapist.membershipId!, studentId: ids.secondStudent!, departmentId: ids.secondDepartment! })
      .where(eq(therasessions.id, moved.id));
    expect(answer(await items(w.org.owner, range)).sessions.find((s) => s.id === moved.id)).toMatchObject({
      therapist_id: w.other.therapist.membershipId,
      student_id: ids.secondStudent,
      department_id: ids.secondDepartment,
    });
    await t.database.db.update(therasessions).set({ departmentId: null }).where(eq(therasessions.id, moved.id));
    const narrowed = answer(await items(w.org.owner, { ...range, therapist_id: w.other.therapist.membershipId! }));
    expect(narrowed.sessions.map((s) => [s.id, s.department_id])).toEqual([[moved.id, null]]);
    expect(narrowed.departments).toEqual([]);
  });

  it('names a student as their name is now, quotes, backslashes and accents as written', async () => {
    const rename = (first: string, last: string) =>
      t.database.db.update(students).set({ firstName: first, lastName: last }).where(eq(students.id, ids.secondStudent!));
    const [before] = await t.database.db.select().from(students).where(eq(students.id, ids.secondStudent!));
    await rename('Zoë "Zee"', "O'Brien \\ Søndergaard");
    const body = answer(await items(w.org.owner, { student_id: ids.secondStudent! }));
    expect(body.students).toEqual([{ id: ids.secondStudent, name: 'Zoë "Zee" O\'Brien \\ Søndergaard' }]);
    await rename(before!.firstName, before!.lastName);
    expect(answer(await items(w.org.owner)).students.find((x) => x.id === ids.secondStudent)?.name).toBe(
      `${before!.firstName} ${before!.lastName}`,
    );
  });

  it('keeps every session with a known status and both numbers, in the database itself (none drops out of the calendar)', async () => {
    const write = (change: SQL) => t.database.db.execute(sql`UPDATE therasessions SET ${change} WHERE id = ${ids.mine1}`);
    await expect(write(sql`status = 'lost'`)).rejects.toThrow();
    await expect(write(sql`therapist_num = NULL`)).rejects.toThrow();
    await expect(write(sql`student_num = NULL`)).rejects.toThrow();
    expect(answer(await items(w.org.owner)).sessions.find((s) => s.id === ids.mine1)).toMatchObject({ status: 'scheduled' });
  });

  it("names each session's status, keeps a started one at its planned time, and cuts every time to its minute", async () => {
    const at = (iso: string) => ({ startAt: new Date(iso) });
    const cancelled = await scheduleFor(t, w.org, w.therapist, w.placement, at('2032-05-18T09:00:00Z'));
    const started = await scheduleFor(t, w.org, w.therapist, w.placement, at('2032-05-19T09:00:00Z'));
    const odd = await scheduleFor(t, w.org, w.therapist, w.placement, at('2032-05-20T09:00:00Z'));
    await t.database.db.update(therasessions).set({ status: 'cancelled' }).where(eq(therasessions.id, cancelled.id));
    // A start at 9:41:40 moves start_at (and the end with it) and keeps the planned 9:00 aside.
    const tap = new Date('2032-05-19T09:41:40Z');
    await t.database.db
      .update(therasessions)
      .set({
        status: 'in_progress',
        plannedStartAt: new Date('2032-05-19T09:00:00Z'),
        startAt: tap,
        endAt: new Date('2032-05-19T10:26:40Z'),
        startedAt: tap,
      })
      .where(eq(therasessions.id, started.id));
    // Seconds past the minute: 9:35:40 reads 9:35, as every clock in the app does, never 9:36.
    await t.database.db
      .update(therasessions)
      .set({ startAt: new Date('2032-05-20T09:35:40Z'), endAt: new Date('2032-05-20T10:20:40Z') })
      .where(eq(therasessions.id, odd.id));
    const body = answer(await items(w.org.owner, { from: '2032-05-17T00:00:00Z', to: '2032-05-24T00:00:00Z' }));
    expect(body.sessions.find((s) => s.id === cancelled.id)).toMatchObject({
      status: 'cancelled',
      start_at: '2032-05-18T09:00:00.000Z',
      started_at: null,
    });
    expect(body.sessions.find((s) => s.id === started.id)).toMatchObject({
      status: 'in_progress',
      start_at: '2032-05-19T09:00:00.000Z',
      end_at: '2032-05-19T09:45:00.000Z',
      started_at: '2032-05-19T09:41:00.000Z',
    });
    expect(body.sessions.find((s) => s.id === odd.id)).toMatchObject({
      start_at: '2032-05-20T09:35:00.000Z',
      end_at: '2032-05-20T10:20:00.000Z',
    });
  });

  it('refuses a range of more than 62 days (400)', async () => {
    const res = await items(w.org.owner, { from: '2032-01-01T00:00:00Z', to: '2032-03-05T00:00:00Z' });
    expect(res.statusCode, res.body).toBe(400);
    expect(json(res).errors.to).toBeDefined();
  });
});
