/**
 * Expiring credentials: a certification's expiry state, and how many of a therapist's
 * certifications have expired or expire within 60 days on the owner's therapists list, all on a
 * fixed day. And an organization's read-only view of its own therapist's profile.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeServer, useTestApp } from '../helpers/test-app';
import { call } from '../helpers/collector-fixtures';
import { json } from '../helpers/admin-fixtures';
import { asOwner } from '../helpers/system-context';
import { createMember, createOwner, createSignedInUser, type SignedInUser } from '../factories/accounts';
import { memberProfile } from '../../server/features/profile';
import { asUserId } from '../../server/lib/ids';

const CERTIFICATIONS = '/api/therapist-management/certifications/';
// The server's clock only (Date); sign-ins happen before it is set, so sessions stay valid.
const TODAY = new Date('2026-06-15T12:00:00Z');
const t = useTestApp();
let owner: SignedInUser;
let flagged: SignedInUser & { membershipId: string };
let clear: SignedInUser & { membershipId: string };

beforeAll(async () => {
  owner = await createOwner(t);
  flagged = await createMember(t, owner.organizationId!);
  clear = await createMember(t, owner.organizationId!);
  vi.useFakeTimers({ toFake: ['Date'], now: TODAY });
});
afterAll(() => {
  vi.useRealTimers();
});

const add = async (actor: SignedInUser, name: string, expires_on: string | null) => {
  const res = await call(t, actor, 'POST', CERTIFICATIONS, { body: { name, issued_on: '2020-01-01', expires_on } });
  expect(res.statusCode, res.body).toBe(201);
  return json(res);
};

describeServer('expiring credentials', () => {
  it('tells each certification apart: expired, expiring within 60 days, valid, or without expiry', async () => {
    await add(flagged, 'Expired yesterday', '2026-06-14');
    await add(flagged, 'Expires today', '2026-06-15');
    await add(flagged, 'Expires on the 60th day', '2026-08-14');
    await add(flagged, 'Expires on the 61st day', '2026-08-15');
    await add(flagged, 'Never expires', null);
    await add(clear, 'Valid for years', '2030-01-01');
    const list = json(await call(t, flagged, 'GET', CERTIFICATIONS)) as unknown as { name: string; expiry: string }[];
    expect(list.map(({ name, expiry }) => [name, expiry])).toEqual([
      ['Expired yesterday', 'expired'],
      ['Expires today', 'expiring'],
      ['Expires on the 60th day', 'expiring'],
      ['Expires on the 61st day', 'valid'],
      ['Never expires', 'none'],
    ]);
  });

  it("counts each therapist's expired and expiring certifications on the owner's therapists list", async () => {
    const res = await call(t, owner, 'GET', `/api/tenant-management/organization/${owner.organizationCode}/therapists/`);
    expect(res.statusCode, res.body).toBe(200);
    const counts = Object.fromEntries(
      (json(res).results as { membership_id: string; expiring_certifications: number }[]).map((r) => [
        r.membership_id,
        r.expiring_certifications,
      ]),
    );
    expect(counts).toEqual({ [flagged.membershipId]: 3, [clear.membershipId]: 0 });
    // The list needs members.view, which a therapist does not hold.
    expect((await call(t, flagged, 'GET', `/api/tenant-management/organization/${owner.organizationCode}/therapists/`)).statusCode).toBe(
      403,
    );
  });

  it("answers its own therapist's profile to the organization, and no one else's", async () => {
    const seen = await asOwner(t.database, owner.organizationId!, (ctx) => memberProfile(ctx, flagged.id));
    expect(seen).toMatchObject({ user_id: flagged.id, email: flagged.email });
    expect(seen.certifications).toHaveLength(5);

    const stranger = await createSignedInUser(t, 'THE');
    const elsewhere = await createOwner(t);
    for (const [organizationId, userId] of [
      [owner.organizationId!, stranger.id],
      [elsewhere.organizationId!, flagged.id],
      [owner.organizationId!, asUserId(owner.id)],
    ] as const) {
      await expect(asOwner(t.database, organizationId, (ctx) => memberProfile(ctx, userId))).rejects.toMatchObject({ status: 404 });
    }
  });
});
