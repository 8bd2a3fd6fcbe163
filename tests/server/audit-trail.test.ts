import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../helpers/db';
import { describeServer, useTestApp } from '../helpers/test-app';
import { createOwner } from '../factories/accounts';
import { asOrganizationId, asUserId } from '../../server/lib/ids';
import { auditTrailFor, changedFields } from '../../server/lib/audit-trail';

/** The database's own reason for refusing a statement (drizzle wraps it in a "Failed query" error). */
async function refusal(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const { message, cause } = error as Error & { cause?: Error };
    return cause?.message ?? message;
  }
  return 'not refused';
}

describeServer("the organization's audit trail", () => {
  const t = useTestApp();

  it('keeps changed fields only, as [before, after], and never a secret', () => {
    const at = new Date('2026-11-23T10:00:00Z');
    expect(changedFields({ name: 'A', price: 100, at, same: 1 }, { name: 'B', price: 100, at, same: 1 })).toEqual({ name: ['A', 'B'] });
    expect(changedFields(null, { name: 'A', passwordHash: 'x', apiToken: 't', at })).toEqual({
      name: [null, 'A'],
      at: [null, '2026-11-23T10:00:00.000Z'],
    });
    expect(changedFields({ name: 'A', tags: ['x'] }, null)).toEqual({ name: ['A', null], tags: [['x'], null] });
  });

  it('is written in the change’s transaction: a rolled-back change leaves no row', async () => {
    const owner = await createOwner(t);
    const organizationId = asOrganizationId(owner.organizationId!);
    const who = { organizationId, userId: asUserId(owner.id), call: 'tests.change' };
    await t.database.tenant(organizationId, (tx) =>
      auditTrailFor(tx, who).record({ action: 'update', entity: 'service', entityId: 'kept', before: { n: 1 }, after: { n: 2 } }),
    );
    await expect(
      t.database.tenant(organizationId, async (tx) => {
        await auditTrailFor(tx, who).record({ action: 'create', entity: 'service', entityId: 'rolled-back', after: { n: 1 } });
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    // An update that changes nothing is not recorded.
    await t.database.tenant(organizationId, (tx) =>
      auditTrailFor(tx, who).recordAll([{ action: 'update', entity: 'service', entityId: 'unchanged', before: { n: 1 }, after: { n: 1 } }]),
    );
    const trail = await rows<{ entity_id: string; changes: unknown; user_id: string; call: string }>(
      t.database.db,
      sql`SELECT entity_id, changes, user_id, call FROM audit_trail WHERE organization_id = ${organizationId} ORDER BY id`,
    );
    expect(trail).toEqual([{ entity_id: 'kept', changes: { n: [1, 2] }, user_id: owner.id, call: 'tests.change' }]);
  });

  it('cannot be changed or deleted: not by the runtime role, not even by the owner role', async () => {
    const owner = await createOwner(t);
    const organizationId = asOrganizationId(owner.organizationId!);
    await t.database.tenant(organizationId, (tx) =>
      auditTrailFor(tx, { organizationId, userId: asUserId(owner.id), call: 'tests.change' }).record({
        action: 'delete',
        entity: 'service',
        entityId: 'x',
        before: { n: 1 },
      }),
    );
    for (const statement of [
      sql`UPDATE audit_trail SET entity_id = 'y' WHERE organization_id = ${organizationId}`,
      sql`DELETE FROM audit_trail WHERE organization_id = ${organizationId}`,
    ]) {
      await expect(t.database.tenant(organizationId, (tx) => tx.execute(statement))).rejects.toThrow();
      expect(await refusal(t.database.db.execute(statement))).toMatch(/append-only/);
    }
    expect(await refusal(t.database.db.execute(sql`TRUNCATE audit_trail`))).toMatch(/append-only/);
    const left = await rows(t.database.db, sql`SELECT entity_id FROM audit_trail WHERE organization_id = ${organizationId}`);
    expect(left).toEqual([{ entity_id: 'x' }]);
  });
});
