/**
 * Two bookings of the same therapist for the same hour arriving at once (two desks, two API
 * servers): each checks conflicts while the other has not committed yet, so without a lock both
 * would pass. One is booked, the other hears the conflict.
 */
import { expect, it } from 'vitest';
import { call, describeServer, placeStudent, sessionsOfOrg, useCollectorWorld } from '../helpers/collector-fixtures';

const { t, w } = useCollectorWorld();

describeServer('two bookings at once', () => {
  it('books one session when two arrive for the same therapist and hour (each waits for the other)', async () => {
    const second = await placeStudent(t, w.org, w.therapist);
    const before = (await sessionsOfOrg(t, w.org.id)).length;
    const book = (studentId: string, departmentId: string) =>
      call(t, w.org.owner, 'POST', '/api/scheduling/therasessions/', {
        body: {
          organization_id: w.org.id,
          therapist_id: w.therapist.membershipId,
          student_id: studentId,
          department_id: departmentId,
          start_at: '2033-03-01T15:00:00Z',
          end_at: '2033-03-01T16:00:00Z',
        },
      });
    const both = await Promise.all([book(w.placement.studentId, w.placement.departmentId), book(second.studentId, second.departmentId)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await sessionsOfOrg(t, w.org.id)).length).toBe(before + 1);
  });
});
