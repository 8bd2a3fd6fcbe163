import { expect, it } from 'vitest';
import { createMember, createOwner, uniqueEmail } from '../factories/accounts';
import { asOwner } from '../helpers/system-context';
import { describeServer, useTestApp, type TestApp } from '../helpers/test-app';
import { invite, send } from '../helpers/invitations-fixtures';
import { placeStudent, scheduleFor } from '../helpers/collector-fixtures';
import { createDepartment } from '../../server/features/departments/service';
import { createService } from '../../server/features/services/service';

const URL = '/api/tenant-management/organization/getting-started/';
const read = (t: TestApp, who: { cookie: string }, organizationId?: string) =>
  send(t, who, 'GET', organizationId ? `${URL}?organization_id=${organizationId}` : URL);

describeServer("a new organization's getting-started steps", () => {
  const t = useTestApp();

  it('ticks each step from the organization’s own data as it is done', async () => {
    const owner = await createOwner(t);
    const org = owner.organizationId!;
    const steps = async () => {
      const res = await read(t, owner);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    expect(await steps()).toEqual({ services: false, departments: false, therapists: false, enrollments: false, schedule: false });

    await asOwner(t.database, org, (ctx) =>
      createService(ctx, { name: 'Speech therapy', description: '', price: '60.00', duration_minutes: 45, is_active: true }),
    );
    expect(await steps()).toMatchObject({ services: true, departments: false });

    await asOwner(t.database, org, (ctx) => createDepartment(ctx, { name: 'Speech' }));
    expect(await steps()).toMatchObject({ departments: true, therapists: false });

    expect((await invite(t, owner, { email: uniqueEmail('invited') })).statusCode).toBe(201);
    expect(await steps()).toMatchObject({ therapists: true, enrollments: false });

    const therapist = await createMember(t, org, 'therapist');
    const actor = { userId: therapist.id, email: therapist.email, cookie: therapist.cookie, membershipId: therapist.membershipId };
    const placement = await placeStudent(t, { id: org }, actor);
    expect(await steps()).toMatchObject({ enrollments: true, schedule: false });

    await scheduleFor(t, { id: org }, actor, placement);
    expect(await steps()).toEqual({ services: true, departments: true, therapists: true, enrollments: true, schedule: true });
  });

  it('counts a therapist who joined without an invitation as one invited', async () => {
    const owner = await createOwner(t);
    await createMember(t, owner.organizationId!, 'therapist');
    expect((await read(t, owner)).json()).toMatchObject({ therapists: true });
  });

  it('answers only those who manage the organization, and never about another organization', async () => {
    const owner = await createOwner(t);
    const org = owner.organizationId!;
    for (const role of ['therapist', 'staff'] as const) {
      const member = await createMember(t, org, role);
      const res = await read(t, member, org);
      expect(res.statusCode, `${role}: ${res.body}`).toBe(403);
    }
    const stranger = await createOwner(t);
    expect((await read(t, stranger, org)).statusCode).toBe(404);
    await asOwner(t.database, stranger.organizationId!, (ctx) => createDepartment(ctx, { name: 'Elsewhere' }));
    expect((await read(t, owner)).json()).toMatchObject({ departments: false });
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
  });
});
