/**
 * One session for the desk's session panel (GET therasessions/:id/): anyone's for the owner and the
 * staff who manage the schedule, only their own for a therapist; every outsider gets 404.
 */
import { expect, it } from 'vitest';
import { addStaff, call, describeServer, outsidersOf, useCollectorWorld } from '../helpers/collector-fixtures';

const { t, w } = useCollectorWorld();
const S = '/api/scheduling/therasessions';
const get = (actor: Parameters<typeof call>[1], id: string, query?: Record<string, string>) =>
  call(t, actor, 'GET', `${S}/${id}/`, query ? { query } : {});

describeServer('GET therasessions/:id/', () => {
  it('answers the session with its student, department, therapist and status to the owner', async () => {
    const res = await get(w.org.owner, w.session.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: w.session.id,
      organization_id: w.org.id,
      therapist_id: w.therapist.membershipId,
      student: { id: w.placement.studentId },
      status: 'scheduled',
    });
  });

  it("answers staff any therapist's session, and a therapist their own", async () => {
    const staff = await addStaff(t, w.org);
    expect((await get(staff, w.other.session.id)).statusCode).toBe(200);
    const own = await get(w.therapist, w.session.id);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().id).toBe(w.session.id);
  });

  it.each([0, 1, 2, 3])('answers 404 to an outsider (%#)', async (i) => {
    const [, actor, query] = outsidersOf(w)[i]!;
    const res = await get(actor, w.session.id, query);
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
});
