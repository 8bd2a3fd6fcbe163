import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PERMISSION_KEYS, PERMISSION_KEY_LABELS } from '../../contract/http';
import { DEFAULT_MEMBER_PERMISSIONS, backfillBuiltInRoles } from '../../server/db/built-in-roles';
import { rows, tableCounts } from '../helpers/db';
import { asOrganizationId, asUserId } from '../../server/lib/ids';
import { systemContext } from '../../server/lib/request-context';
import { assignMembershipRole } from '../../server/features/roles/service';
import { describeServer, useTestApp } from '../helpers/test-app';
import { createMember, createOwner, createSignedInUser, type SignedInUser } from '../factories/accounts';

const T = '/api/tenant-management';
type Member = SignedInUser & { membershipId: string };
interface RoleJson {
  id: string;
  name: string;
  permission_keys: string[];
  default_for: 'therapist' | 'staff' | null;
  members_count: number;
}

describeServer('organization roles', () => {
  const t = useTestApp();
  let owner: SignedInUser;
  let therapist: Member;
  let frontDesk: Member;
  let ownerB: SignedInUser;
  let therapistB: Member;

  const send = (who: { cookie: string }, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(body === undefined ? {} : { payload: body as object }) });
  const rolesOf = async (who: { cookie: string }, orgId: string) => {
    const res = await send(who, 'GET', `${T}/organization/${orgId}/roles/?page_size=100`);
    expect(res.statusCode).toBe(200);
    return (res.json() as { results: RoleJson[] }).results;
  };
  const roleNamed = async (name: string, orgId = owner.organizationId!) => (await rolesOf(owner, orgId)).find((r) => r.name === name)!;
  const create = (name: string, keys: string[], who: { cookie: string } = owner, orgId = owner.organizationId!) =>
    send(who, 'POST', `${T}/organization/${orgId}/roles/`, { name, permission_keys: keys });
  const created = async (name: string, keys: string[]) => {
    const res = await create(name, keys);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as RoleJson;
  };
  const assign = (who: { cookie: string }, orgCode: string, membershipId: string, roleId: string) =>
    send(who, 'PATCH', `${T}/organization/${orgCode}/memberships/${membershipId}/role/`, { role_id: roleId });
  const trailOf = (entityId: string) =>
    rows<{ action: string; entity: string; call: string; user_id: string; changes: Record<string, [unknown, unknown]> }>(
      t.database.db,
      sql`SELECT action, entity, call, user_id, changes FROM audit_trail WHERE entity_id = ${entityId} ORDER BY id`,
    );
  const counts = () => tableCounts(t.database, ['roles', 'audit_trail', 'memberships']);
  const membershipRoleId = async (membershipId: string) =>
    (await rows<{ role_id: string | null }>(t.database.db, sql`SELECT role_id FROM memberships WHERE id = ${membershipId}`))[0]!.role_id;

  beforeAll(async () => {
    owner = await createOwner(t);
    therapist = await createMember(t, owner.organizationId!, 'therapist');
    frontDesk = await createMember(t, owner.organizationId!, 'staff');
    ownerB = await createOwner(t);
    therapistB = await createMember(t, ownerB.organizationId!, 'therapist');
  });

  describe('built-in roles', () => {
    it('gives every new organization "Therapist" and "Front desk" with the default keys, held by its new members', async () => {
      const list = await send(owner, 'GET', `${T}/organization/${owner.organizationId}/roles/`);
      expect(list.statusCode).toBe(200);
      const body = list.json() as { count: number; next: string | null; previous: string | null; results: RoleJson[] };
      expect(body).toMatchObject({ count: 2, next: null, previous: null });
      expect(body.results).toEqual([
        expect.objectContaining({
          name: 'Front desk',
          default_for: 'staff',
          permission_keys: DEFAULT_MEMBER_PERMISSIONS.staff,
          members_count: 1,
        }),
        expect.objectContaining({
          name: 'Therapist',
          default_for: 'therapist',
          permission_keys: DEFAULT_MEMBER_PERMISSIONS.therapist,
          members_count: 1,
        }),
      ]);
      const therapistRole = body.results.find((r) => r.default_for === 'therapist')!;
      expect(await membershipRoleId(therapist.membershipId)).toBe(therapistRole.id);
      // Another organization's roles are its own.
      expect((await rolesOf(ownerB, ownerB.organizationId!)).map((r) => r.id)).not.toContain(therapistRole.id);
    });

    it('backfills organizations made before roles existed, idempotently, and gives their members the role of their kind', async () => {
      const old = await createOwner(t);
      const member = await createMember(t, old.organizationId!, 'staff');
      await t.database.db.execute(sql`UPDATE memberships SET role_id = NULL WHERE organization_id = ${old.organizationId}`);
      await t.database.db.execute(sql`DELETE FROM roles WHERE organization_id = ${old.organizationId}`);
      await backfillBuiltInRoles(t.database.db);
      await backfillBuiltInRoles(t.database.db);
      const list = await rolesOf(old, old.organizationId!);
      expect(list.map((r) => [r.name, r.default_for, r.members_count])).toEqual([
        ['Front desk', 'staff', 1],
        ['Therapist', 'therapist', 0],
      ]);
      expect(await membershipRoleId(member.membershipId)).toBe(list[0]!.id);
    });
  });

  describe('GET roles/permission-keys/', () => {
    it('answers every key with its label to any signed-in user, and 401 to nobody', async () => {
      const parent = await createSignedInUser(t, 'PAR');
      const res = await send(parent, 'GET', `${T}/roles/permission-keys/`);
      expect(res.statusCode).toBe(200);
      const body = res.json() as { count: number; results: { key: string; label: string; capability: string }[] };
      expect(body.count).toBe(PERMISSION_KEYS.length);
      expect(body.results.map((r) => r.key)).toEqual([...PERMISSION_KEYS]);
      expect(body.results.find((r) => r.key === 'services.manage')).toEqual({
        key: 'services.manage',
        label: PERMISSION_KEY_LABELS['services.manage'],
        capability: 'services',
      });
      expect((await t.app.inject({ method: 'GET', url: `${T}/roles/permission-keys/` })).statusCode).toBe(401);
    });
  });

  describe('POST organization/:orgId/roles/', () => {
    it('creates a role with a trimmed name and its keys (deduplicated, ordered, a manage key with its view key) and records it', async () => {
      const res = await create('  Billing clerk  ', ['services.manage', 'organization.view', 'services.manage']);
      expect(res.statusCode).toBe(201);
      const role = res.json() as RoleJson;
      expect(role).toEqual({
        id: expect.any(String),
        name: 'Billing clerk',
        permission_keys: ['organization.view', 'services.view', 'services.manage'],
        default_for: null,
        members_count: 0,
      });
      expect(await trailOf(role.id)).toEqual([
        {
          action: 'create',
          entity: 'role',
          call: 'roles.createRole',
          user_id: owner.id,
          changes: {
            name: [null, 'Billing clerk'],
            permission_keys: [null, ['organization.view', 'services.view', 'services.manage']],
          },
        },
      ]);
    });

    it('refuses unknown keys and missing names with field errors, writing nothing', async () => {
      const before = await counts();
      const unknown = await create('Auditor', ['audit.view', 'students.delete']);
      expect(unknown.statusCode).toBe(400);
      expect((unknown.json() as { errors: Record<string, string[]> }).errors).toEqual({
        'permission_keys.1': ['Not a known permission key.'],
      });
      const cases: [unknown, string][] = [
        [{ name: '   ', permission_keys: [] }, 'name'],
        [{ permission_keys: [] }, 'name'],
        [{ name: 'No keys given' }, 'permission_keys'],
      ];
      for (const [body, field] of cases) {
        const res = await send(owner, 'POST', `${T}/organization/${owner.organizationId}/roles/`, body);
        expect(res.statusCode).toBe(400);
        expect(Object.keys((res.json() as { errors: Record<string, string[]> }).errors)).toEqual([field]);
      }
      expect(await counts()).toEqual(before);
    });

    it('refuses a name the organization already uses, whatever its case (409 with a field error), but another organization may use it', async () => {
      await created('Scheduler', ['sessions.manage']);
      const before = await counts();
      for (const name of ['scheduler', ' SCHEDULER ', 'front DESK']) {
        const res = await create(name, []);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({ code: 'CONFLICT', errors: { name: ['A role with this name already exists.'] } });
      }
      expect(await counts()).toEqual(before);
      expect((await create('Scheduler', [], ownerB, ownerB.organizationId!)).statusCode).toBe(201);
    });

    it("answers 404 for another organization's id, 403 to a member without roles.manage", async () => {
      const before = await counts();
      expect((await create('Intruder', [], owner, ownerB.organizationId!)).statusCode).toBe(404);
      expect((await create('Intruder', [], therapist)).statusCode).toBe(403);
      expect((await send(frontDesk, 'GET', `${T}/organization/${owner.organizationId}/roles/`)).statusCode).toBe(403);
      expect(await counts()).toEqual(before);
    });

    it('creates once for one Idempotency-Key, answering the retry with the first answer', async () => {
      const url = `${T}/organization/${owner.organizationId}/roles/`;
      const headers = { cookie: owner.cookie, 'idempotency-key': 'roles-test-create-once' };
      const payload = { name: 'Retried', permission_keys: ['dashboard.view'] };
      const first = await t.app.inject({ method: 'POST', url, headers, payload });
      const retry = await t.app.inject({ method: 'POST', url, headers, payload });
      expect([first.statusCode, retry.statusCode]).toEqual([201, 201]);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.json()).toEqual(first.json());
      expect((await rolesOf(owner, owner.organizationId!)).filter((r) => r.name === 'Retried')).toHaveLength(1);
    });

    it('refuses a page out of bounds and too many keys with field errors', async () => {
      const page = await send(owner, 'GET', `${T}/organization/${owner.organizationId}/roles/?page=0&page_size=500`);
      expect(page.statusCode).toBe(400);
      expect(Object.keys((page.json() as { errors: Record<string, string[]> }).errors).sort()).toEqual(['page', 'page_size']);
      const before = await counts();
      const many = await create(
        'Too many',
        Array.from({ length: PERMISSION_KEYS.length * 2 + 1 }, () => 'services.view'),
      );
      expect(many.statusCode).toBe(400);
      expect(many.json()).toMatchObject({ errors: { permission_keys: expect.any(Array) } });
      expect(await counts()).toEqual(before);
    });

    it('lists page by page, built-in roles first', async () => {
      const page = await send(owner, 'GET', `${T}/organization/${owner.organizationId}/roles/?page=2&page_size=2`);
      const body = page.json() as { count: number; previous: string | null; results: RoleJson[] };
      const all = await rolesOf(owner, owner.organizationId!);
      expect(body.count).toBe(all.length);
      expect(body.previous).toContain('page=1');
      expect(body.results.map((r) => r.id)).toEqual(all.slice(2, 4).map((r) => r.id));
      expect(all.slice(0, 2).map((r) => r.default_for)).toEqual(['staff', 'therapist']);
      const past = await send(owner, 'GET', `${T}/organization/${owner.organizationId}/roles/?page=50`);
      expect(past.json()).toMatchObject({ count: all.length, results: [] });
    });
  });

  describe('PATCH roles/:roleId/', () => {
    it('renames and changes keys, recording only the changed fields', async () => {
      const role = await created('Coordinator', ['programs.view']);
      const res = await send(owner, 'PATCH', `${T}/roles/${role.id}/`, {
        name: ' Program coordinator ',
        permission_keys: ['programs.manage'],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ name: 'Program coordinator', permission_keys: ['programs.view', 'programs.manage'] });
      // The same values again change nothing and record nothing; an empty patch is refused.
      expect((await send(owner, 'PATCH', `${T}/roles/${role.id}/`, { permission_keys: ['programs.manage'] })).statusCode).toBe(200);
      expect((await send(owner, 'PATCH', `${T}/roles/${role.id}/`, {})).statusCode).toBe(400);
      const trail = await trailOf(role.id);
      expect(trail.map((r) => r.action)).toEqual(['create', 'update']);
      expect(trail[1]).toMatchObject({
        call: 'roles.updateRole',
        changes: {
          name: ['Coordinator', 'Program coordinator'],
          permission_keys: [['programs.view'], ['programs.view', 'programs.manage']],
        },
      });
    });

    it("lets a role take another case of its own name, refuses another role's name (409), and bad keys (400), writing nothing", async () => {
      const role = await created('Intake', []);
      expect((await send(owner, 'PATCH', `${T}/roles/${role.id}/`, { name: 'INTAKE' })).json()).toMatchObject({ name: 'INTAKE' });
      const before = await counts();
      const taken = await send(owner, 'PATCH', `${T}/roles/${role.id}/`, { name: 'therapist' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ errors: { name: ['A role with this name already exists.'] } });
      const bad = await send(owner, 'PATCH', `${T}/roles/${role.id}/`, { permission_keys: ['everything'] });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ errors: { 'permission_keys.0': ['Not a known permission key.'] } });
      expect((await send(owner, 'PATCH', `${T}/roles/${role.id}/`, { name: '' })).statusCode).toBe(400);
      expect(await counts()).toEqual(before);
    });

    it("answers 404 for another organization's role (the session's organization is the one acted in) and changes nothing", async () => {
      const foreign = (await rolesOf(ownerB, ownerB.organizationId!))[0]!;
      const before = await counts();
      expect((await send(owner, 'PATCH', `${T}/roles/${foreign.id}/`, { name: 'Taken over' })).statusCode).toBe(404);
      expect((await send(owner, 'DELETE', `${T}/roles/${foreign.id}/`)).statusCode).toBe(404);
      // Naming the other organization does not help: the owner is not part of it.
      expect(
        (await send(owner, 'PATCH', `${T}/roles/${foreign.id}/?organization_id=${ownerB.organizationId}`, { name: 'X' })).statusCode,
      ).toBe(404);
      expect(await counts()).toEqual(before);
      expect((await rolesOf(ownerB, ownerB.organizationId!))[0]).toEqual(foreign);
    });

    it('editing the built-in Therapist role changes what every therapist may do, at once', async () => {
      const role = await roleNamed('Therapist');
      const settings = `${T}/organization/profile/settings/`;
      expect((await send(therapist, 'GET', settings)).statusCode).toBe(200);
      const without = role.permission_keys.filter((k) => k !== 'organization.view');
      expect((await send(owner, 'PATCH', `${T}/roles/${role.id}/`, { permission_keys: without })).statusCode).toBe(200);
      expect((await send(therapist, 'GET', settings)).statusCode).toBe(403);
      expect((await send(therapist, 'GET', `${T}/organization/${owner.organizationCode}/my-access/`)).json()).toMatchObject({
        permission_keys: without,
      });
      expect((await send(owner, 'PATCH', `${T}/roles/${role.id}/`, { permission_keys: role.permission_keys })).statusCode).toBe(200);
      expect((await send(therapist, 'GET', settings)).statusCode).toBe(200);
    });
  });

  describe('DELETE roles/:roleId/', () => {
    it('deletes a role nobody holds and records it', async () => {
      const role = await created('Temporary', ['dashboard.view']);
      const res = await send(owner, 'DELETE', `${T}/roles/${role.id}/`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect((await rolesOf(owner, owner.organizationId!)).map((r) => r.id)).not.toContain(role.id);
      expect((await trailOf(role.id)).map((r) => [r.action, r.call, r.changes.name])).toEqual([
        ['create', 'roles.createRole', [null, 'Temporary']],
        ['delete', 'roles.deleteRole', ['Temporary', null]],
      ]);
      expect((await send(owner, 'DELETE', `${T}/roles/${role.id}/`)).statusCode).toBe(404);
    });

    it('refuses to delete a built-in role or a role in use, naming how many members hold it', async () => {
      const builtIn = await roleNamed('Front desk');
      const role = await created('Senior therapist', DEFAULT_MEMBER_PERMISSIONS.therapist);
      const second = await createMember(t, owner.organizationId!, 'therapist');
      const third = await createMember(t, owner.organizationId!, 'therapist');
      for (const member of [second, third]) {
        expect((await assign(owner, owner.organizationCode!, member.membershipId, role.id)).statusCode).toBe(200);
      }
      const before = await counts();
      const refusedBuiltIn = await send(owner, 'DELETE', `${T}/roles/${builtIn.id}/`);
      expect(refusedBuiltIn.statusCode).toBe(409);
      expect(refusedBuiltIn.json()).toMatchObject({ detail: expect.stringContaining('built-in') });
      const inUse = await send(owner, 'DELETE', `${T}/roles/${role.id}/`);
      expect(inUse.statusCode).toBe(409);
      expect(inUse.json()).toMatchObject({
        code: 'CONFLICT',
        detail: 'This role is in use: 2 members hold it. Give them another role first.',
      });
      expect(await counts()).toEqual(before);
      expect((await roleNamed('Senior therapist')).members_count).toBe(2);

      // Members who left don't hold it: the role can go, and their memberships move to the built-in role of their kind.
      await t.database.db.execute(
        sql`UPDATE memberships SET status = 'terminated' WHERE id IN (${second.membershipId}, ${third.membershipId})`,
      );
      expect((await roleNamed('Senior therapist')).members_count).toBe(0);
      expect((await send(owner, 'DELETE', `${T}/roles/${role.id}/`)).statusCode).toBe(200);
      const therapistRole = await roleNamed('Therapist');
      expect(await membershipRoleId(second.membershipId)).toBe(therapistRole.id);
      expect((await trailOf(third.membershipId)).at(-1)).toMatchObject({
        call: 'roles.deleteRole',
        entity: 'membership',
        changes: { role_id: [role.id, therapistRole.id] },
      });
    });
  });

  it('counts an assignment that commits while a delete of its role waits: the delete is refused, no member names a deleted role', async () => {
    const role = await created('Contested', []);
    const member = await createMember(t, owner.organizationId!, 'therapist');
    const organizationId = asOrganizationId(owner.organizationId!);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const assigning = t.database.tenant(organizationId, async (tx) => {
      const ctx = systemContext(tx, { organizationId, actor: asUserId(owner.id), call: 'tests.assign' });
      await assignMembershipRole(ctx, member.membershipId, role.id);
      await held; // the assignment stays uncommitted while the delete arrives
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const deleting = send(owner, 'DELETE', `${T}/roles/${role.id}/`);
    await new Promise((resolve) => setTimeout(resolve, 150));
    release();
    await assigning;
    const res = await deleting;
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ detail: expect.stringContaining('1 member holds it') });
    expect(await membershipRoleId(member.membershipId)).toBe(role.id);
  });

  describe('PATCH organization/:orgCode/memberships/:id/role/', () => {
    it('gives a member a role and records the change; a custom role can grant a therapist more', async () => {
      const role = await created('Therapist who edits roles', [...DEFAULT_MEMBER_PERMISSIONS.therapist, 'roles.manage']);
      const member = await createMember(t, owner.organizationId!, 'therapist');
      const rolesUrl = `${T}/organization/${owner.organizationId}/roles/`;
      expect((await send(member, 'GET', rolesUrl)).statusCode).toBe(403);
      const before = await membershipRoleId(member.membershipId);
      const res = await assign(owner, owner.organizationCode!, member.membershipId, role.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: member.membershipId,
        kind: 'therapist',
        status: 'active',
        role: { id: role.id, name: role.name, permission_keys: role.permission_keys, default_for: null },
      });
      expect((await send(member, 'GET', rolesUrl)).statusCode).toBe(200);
      expect(await trailOf(member.membershipId)).toEqual([
        {
          action: 'update',
          entity: 'membership',
          call: 'roles.assignMembershipRole',
          user_id: owner.id,
          changes: { role_id: [before, role.id], role: ['Therapist', role.name] },
        },
      ]);
    });

    it('refuses what is not there (404), an ended membership (409), and bad ids (400), writing nothing', async () => {
      const role = await roleNamed('Front desk');
      const foreignRole = (await rolesOf(ownerB, ownerB.organizationId!))[0]!;
      const ended = await createMember(t, owner.organizationId!, 'therapist');
      await t.database.db.execute(sql`UPDATE memberships SET status = 'resigned' WHERE id = ${ended.membershipId}`);
      const before = await counts();
      const code = owner.organizationCode!;
      expect((await assign(owner, code, therapistB.membershipId, role.id)).statusCode).toBe(404);
      expect((await assign(owner, code, therapist.membershipId, foreignRole.id)).statusCode).toBe(404);
      expect((await assign(owner, ownerB.organizationCode!, therapistB.membershipId, foreignRole.id)).statusCode).toBe(404);
      expect((await assign(owner, code, ended.membershipId, role.id)).statusCode).toBe(409);
      const bad = await assign(owner, code, therapist.membershipId, 'not-a-uuid');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ errors: { role_id: expect.any(Array) } });
      expect((await assign(therapist, code, therapist.membershipId, role.id)).statusCode).toBe(403);
      expect(await counts()).toEqual(before);
    });

    it('lets no member who is not the owner grant keys they do not hold themselves (400), while giving and removing what they hold', async () => {
      const admin = await createMember(t, owner.organizationId!, 'staff');
      const adminRole = await created('Office admin', [...DEFAULT_MEMBER_PERMISSIONS.staff, 'roles.manage']);
      expect((await assign(owner, owner.organizationCode!, admin.membershipId, adminRole.id)).statusCode).toBe(200);
      const before = await counts();

      const grant = await create('Record reader', ['students.records'], admin);
      expect(grant.statusCode).toBe(400);
      expect(grant.json()).toMatchObject({ errors: { permission_keys: [expect.stringContaining('students.records')] } });
      const widen = await send(admin, 'PATCH', `${T}/roles/${adminRole.id}/`, { permission_keys: [...PERMISSION_KEYS] });
      expect(widen.statusCode).toBe(400);
      const therapistRole = await roleNamed('Therapist');
      const give = await assign(admin, owner.organizationCode!, frontDesk.membershipId, therapistRole.id);
      expect(give.statusCode).toBe(400);
      expect(give.json()).toMatchObject({ errors: { role_id: [expect.stringContaining('students.records')] } });
      expect(await counts()).toEqual(before);

      const lesser = await create('Reception', ['services.view', 'sessions.view'], admin);
      expect(lesser.statusCode).toBe(201);
      expect((await assign(admin, owner.organizationCode!, frontDesk.membershipId, (lesser.json() as RoleJson).id)).statusCode).toBe(200);
      const narrowed = await send(admin, 'PATCH', `${T}/roles/${therapistRole.id}/`, { name: 'Clinician' });
      expect(narrowed.statusCode).toBe(200);
      expect((await send(owner, 'PATCH', `${T}/roles/${therapistRole.id}/`, { name: 'Therapist' })).statusCode).toBe(200);
      expect((await assign(owner, owner.organizationCode!, frontDesk.membershipId, (await roleNamed('Front desk')).id)).statusCode).toBe(
        200,
      );
    });
  });

  describe('GET organization/:orgCode/my-access/', () => {
    it('answers the owner every key, a member their role’s keys, and an outsider 404', async () => {
      const mine = await send(owner, 'GET', `${T}/organization/${owner.organizationCode}/my-access/`);
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toEqual({ is_owner: true, membership_id: null, permission_keys: [...PERMISSION_KEYS] });
      const desk = await send(frontDesk, 'GET', `${T}/organization/${owner.organizationCode}/my-access/`);
      expect(desk.json()).toEqual({
        is_owner: false,
        membership_id: frontDesk.membershipId,
        permission_keys: (await roleNamed('Front desk')).permission_keys,
      });
      expect((await send(therapistB, 'GET', `${T}/organization/${owner.organizationCode}/my-access/`)).statusCode).toBe(404);
    });

    it('gives a member without a role their kind’s defaults, and one naming a missing role nothing (fails closed)', async () => {
      const member = await createMember(t, owner.organizationId!, 'staff');
      const mine = () => send(member, 'GET', `${T}/organization/${owner.organizationCode}/my-access/`);
      await t.database.db.execute(sql`UPDATE memberships SET role_id = NULL WHERE id = ${member.membershipId}`);
      expect((await mine()).json()).toMatchObject({ permission_keys: DEFAULT_MEMBER_PERMISSIONS.staff });
      await t.database.db.execute(sql`UPDATE memberships SET role_id = ${crypto.randomUUID()} WHERE id = ${member.membershipId}`);
      expect((await mine()).json()).toMatchObject({ membership_id: member.membershipId, permission_keys: [] });
      expect((await send(member, 'GET', `${T}/organization/profile/settings/`)).statusCode).toBe(403);
    });

    it("refuses a front-desk member a student's record (students.records) with 403", async () => {
      expect(DEFAULT_MEMBER_PERMISSIONS.staff).not.toContain('students.records');
      const studentId = '0190a0a0-0000-7000-8000-000000000001';
      const history = `/api/collector/students/${studentId}/history/?organization_id=${owner.organizationId}`;
      const refused = await send(frontDesk, 'GET', history);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
      // The therapist holds the key: past the permission check (the student is not theirs to see: not 403 for the key).
      expect((await send(therapist, 'GET', history)).statusCode).not.toBe(403);
    });
  });
});
