import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../helpers/db';
import { describeServer, useTestApp } from '../helpers/test-app';
import { createMember, createOwner, createUser } from '../factories/accounts';
import { memberships } from '../../server/db/schema/organizations';
import { newId } from '../../server/lib/ids';
import { audit } from '../../server/lib/audit';

describeServer('row-level security under database.tenant', () => {
  const t = useTestApp();

  it("shows one organization's rows only, and refuses writes into another's", async () => {
    const a = await createOwner(t);
    const b = await createOwner(t);
    const memberA = await createMember(t, a.organizationId!);
    const memberB = await createMember(t, b.organizationId!);

    const visible = await t.database.tenant(a.organizationId!, async (tx) => ({
      ofB: await rows(tx, sql`SELECT id FROM memberships WHERE organization_id = ${b.organizationId}`),
      all: (await rows<{ id: string }>(tx, sql`SELECT id FROM memberships`)).map((r) => r.id),
      organizations: (await rows<{ id: string }>(tx, sql`SELECT id FROM organizations`)).map((r) => r.id),
    }));
    expect(visible.ofB).toEqual([]);
    expect(visible.all).toEqual([memberA.membershipId]);
    expect(visible.organizations).toEqual([a.organizationId]);

    const other = await createUser(t, { userType: 'THE' });
    await expect(
      t.database.tenant(a.organizationId!, (tx) =>
        tx.insert(memberships).values({
          organizationId: b.organizationId!,
          id: newId(),
          userId: other.id,
          role: 'therapist',
        }),
      ),
    ).rejects.toThrow();
    const updated = await t.database.tenant(a.organizationId!, (tx) =>
      rows(tx, sql`UPDATE memberships SET status = 'terminated' WHERE id = ${memberB.membershipId} RETURNING id`),
    );
    expect(updated).toEqual([]);
    const deleted = await t.database.tenant(a.organizationId!, (tx) =>
      rows(tx, sql`DELETE FROM organizations WHERE id = ${b.organizationId} RETURNING id`),
    );
    expect(deleted).toEqual([]);
    const stillB = await rows(t.database.db, sql`SELECT user_id, status FROM memberships WHERE organization_id = ${b.organizationId}`);
    expect(stillB).toEqual([{ user_id: memberB.id, status: 'active' }]);
  });

  it('shows nothing to the runtime role when no organization is set', async () => {
    await createOwner(t);
    const counts = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL ROLE thera_app`);
      return (
        await rows<{ m: number; o: number }>(
          tx,
          sql`SELECT (SELECT count(*) FROM memberships)::int AS m, (SELECT count(*) FROM organizations)::int AS o`,
        )
      )[0];
    });
    expect(counts).toEqual({ m: 0, o: 0 });
  });

  it('keeps the runtime role away from passwords, sessions and the audit log', async () => {
    const owner = await createOwner(t);
    for (const statement of [sql`UPDATE users SET first_name = 'x'`, sql`SELECT id FROM auth_sessions`, sql`SELECT id FROM audit_log`]) {
      await expect(t.database.tenant(owner.organizationId!, (tx) => tx.execute(statement))).rejects.toThrow();
    }
  });
});

describeServer('audit log', () => {
  const t = useTestApp();

  it('is append-only: UPDATE, DELETE and TRUNCATE are refused even to the owner', async () => {
    const user = await createUser(t, { userType: 'PAR' });
    await audit(t.database.db, {
      event: 'sign_in',
      userId: user.id,
      ip: '192.0.2.1',
    });
    for (const statement of [sql`UPDATE audit_log SET event = 'x'`, sql`DELETE FROM audit_log`, sql`TRUNCATE audit_log`]) {
      await expect(t.database.db.execute(statement)).rejects.toThrow();
    }
    const logged = await rows<{ event: string; ip: string }>(
      t.database.db,
      sql`SELECT event, ip FROM audit_log WHERE user_id = ${user.id} ORDER BY id`,
    );
    expect(logged).toEqual([
      { event: 'registered', ip: '127.0.0.1' },
      { event: 'sign_in', ip: '192.0.2.1' },
    ]);
  });

  it('records the account events of a whole session with user and address, and never a password', async () => {
    const owner = await createOwner(t);
    const cookie = owner.cookie;
    const headers = { cookie };
    const inject = (method: 'POST' | 'PATCH', url: string, payload?: object) =>
      t.app.inject({
        method,
        url,
        headers,
        remoteAddress: '198.51.100.7',
        ...(payload ? { payload } : {}),
      });
    await t.app.inject({
      method: 'POST',
      url: '/api/users/auth/login/',
      remoteAddress: '198.51.100.7',
      payload: { email: owner.email, password: 'wrong-secret-1' },
    });
    await inject('POST', '/api/users/auth/lock-account/');
    await inject('POST', '/api/users/auth/unlock-account/', {
      password: 'wrong-secret-2',
    });
    await inject('POST', '/api/users/auth/unlock-account/', {
      password: owner.password,
    });
    await inject('PATCH', '/api/users/auth/change-email/', {
      new_email: `moved-${owner.email}`,
      password: owner.password,
    });
    const changed = await inject('PATCH', '/api/users/auth/change-password/', {
      old_password: owner.password,
      new_password: 'brand-new-secret-3',
    });
    const rotated = changed.cookies.find((c) => c.name === 'thera_sid')!.value;
    await t.app.inject({
      method: 'POST',
      url: '/api/users/auth/logout/',
      headers: { cookie: `thera_sid=${rotated}` },
      remoteAddress: '198.51.100.7',
    });

    const logged = await rows<{ event: string; ip: string; user_id: string; detail: unknown }>(
      t.database.db,
      sql`SELECT event, ip, user_id, detail FROM audit_log WHERE user_id = ${owner.id} ORDER BY id`,
    );
    expect(logged.map((r) => r.event)).toEqual([
      'registered',
      'sign_in',
      'sign_in_failed',
      'account_locked',
      'unlock_failed',
      'account_unlocked',
      'email_changed',
      'password_changed',
      'sign_out',
    ]);
    expect(logged.slice(2).every((r) => r.ip === '198.51.100.7')).toBe(true);
    const text = JSON.stringify(await rows(t.database.db, sql`SELECT * FROM audit_log`));
    for (const secret of ['wrong-secret-1', 'wrong-secret-2', 'brand-new-secret-3', owner.password]) {
      expect(text).not.toContain(secret);
    }
  });
});
