import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeServer, useTestApp } from '../helpers/test-app';
import { snapshot } from '../helpers/db';
import { createSignedInUser } from '../factories/accounts';

/** The write detector the refusal tests lean on must see every kind of write, and only writes. */
describeServer('the database snapshot of the refusal tests', () => {
  const t = useTestApp();

  it('changes on an update of one column, and on a delete and insert that keep the count', async () => {
    const user = await createSignedInUser(t, 'THE');
    const before = await snapshot(t.database);
    expect(await snapshot(t.database)).toEqual(before);

    await t.database.db.execute(sql`UPDATE users SET first_name = first_name WHERE id = ${user.id}`);
    const updated = await snapshot(t.database);
    expect(updated).not.toEqual(before);

    // In one transaction: on PostgreSQL the pool's next statement may take another connection.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`CREATE TEMP TABLE parked_user ON COMMIT DROP AS SELECT * FROM users WHERE id = ${user.id}`);
      await tx.execute(sql`CREATE TEMP TABLE parked_sessions ON COMMIT DROP AS SELECT * FROM auth_sessions WHERE user_id = ${user.id}`);
      await tx.execute(sql`DELETE FROM auth_sessions WHERE user_id = ${user.id}`);
      await tx.execute(sql`DELETE FROM users WHERE id = ${user.id}`);
      await tx.execute(sql`INSERT INTO users SELECT * FROM parked_user`);
      await tx.execute(sql`INSERT INTO auth_sessions SELECT * FROM parked_sessions`);
    });
    expect(await snapshot(t.database)).not.toEqual(updated);
  });

  it('ignores a sign-in’s last use, and sees its lock', async () => {
    const user = await createSignedInUser(t, 'THE');
    const before = await snapshot(t.database);
    await t.database.db.execute(sql`UPDATE auth_sessions SET last_seen_at = now() + interval '1 minute' WHERE user_id = ${user.id}`);
    const res = await t.app.inject({ method: 'GET', url: '/api/users/auth/session/', headers: { cookie: user.cookie } });
    expect(res.statusCode).toBe(200);
    expect(await snapshot(t.database)).toEqual(before);

    await t.database.db.execute(sql`UPDATE auth_sessions SET is_locked = true WHERE user_id = ${user.id}`);
    expect(await snapshot(t.database)).not.toEqual(before);
  });
});
