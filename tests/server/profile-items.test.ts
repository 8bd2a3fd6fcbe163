/**
 * The lists of the professional profile (links, education, certifications, skills, work
 * experience): add, change, remove, each answered as an array; bad input 400 with nothing written;
 * another person's item 404.
 */
import { beforeAll, expect, it } from 'vitest';
import { describeServer, useTestApp } from '../helpers/test-app';
import { call } from '../helpers/collector-fixtures';
import { expectFieldError, json } from '../helpers/admin-fixtures';
import { snapshot } from '../helpers/db';
import { createSignedInUser, type SignedInUser } from '../factories/accounts';

const BASE = '/api/therapist-management';
const t = useTestApp();
let me: SignedInUser;
let other: SignedInUser;

beforeAll(async () => {
  me = await createSignedInUser(t, 'THE');
  other = await createSignedInUser(t, 'THE');
});

/** Each list: a valid body, a change, and bodies it refuses with the field named. */
const LISTS: { path: string; body: object; change: object; bad: [object, string][] }[] = [
  {
    path: 'social-links',
    body: { platform: 'linkedin', url: 'https://www.linkedin.com/in/ana' },
    change: { platform: 'website', url: 'http://ana-therapy.example' },
    bad: [
      [{ platform: 'myspace', url: 'https://a.example' }, 'platform'],
      [{ platform: 'website', url: 'javascript:alert(1)' }, 'url'],
      [{ platform: 'website', url: 'ftp://files.example/cv' }, 'url'],
      [{ platform: 'website', url: 'not a web address' }, 'url'],
    ],
  },
  {
    path: 'educations',
    body: {
      institution: 'University of Oregon',
      degree: 'MA',
      field_of_study: 'Communication disorders',
      start_date: '2012-09-01',
      end_date: '2014-06-15',
    },
    change: { degree: 'MS' },
    bad: [
      [{ institution: ' ' }, 'institution'],
      [{ institution: 'U', start_date: '2014-09-01', end_date: '2014-06-15' }, 'end_date'],
      [{ institution: 'U', start_date: '2014-02-30' }, 'start_date'],
      [{ institution: 'U', end_date: '14/06/2014' }, 'end_date'],
    ],
  },
  {
    path: 'certifications',
    body: { name: 'CCC-SLP', issuer: 'ASHA', number: '12345678', issued_on: '2015-01-10', expires_on: '2027-12-31' },
    change: { number: '87654321' },
    bad: [
      [{ name: '' }, 'name'],
      [{ name: 'Licence', issued_on: '2020-01-01', expires_on: '2019-12-31' }, 'expires_on'],
      [{ name: 'Licence', expires_on: '1800-01-01' }, 'expires_on'],
    ],
  },
  {
    path: 'skills',
    body: { name: 'PECS' },
    change: { name: 'Picture exchange (PECS)' },
    bad: [
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(61) }, 'name'],
    ],
  },
  {
    path: 'work-experiences',
    body: {
      organization_name: 'Harbor Therapy Clinic',
      title: 'Speech therapist',
      start_date: '2019-03-01',
      end_date: null,
      description: 'Caseload of 25.',
    },
    change: { title: 'Lead speech therapist' },
    bad: [
      [{ organization_name: 'Clinic', title: 'SLP', start_date: null }, 'start_date'],
      [{ organization_name: 'Clinic', title: '', start_date: '2019-03-01' }, 'title'],
      [{ organization_name: 'Clinic', title: 'SLP', start_date: '2019-03-01', end_date: '2018-01-01' }, 'end_date'],
    ],
  },
];

describeServer('the lists of the professional profile', () => {
  for (const list of LISTS) {
    it(`${list.path}: adds, lists as an array, changes and removes an item`, async () => {
      const url = `${BASE}/${list.path}/`;
      const made = await call(t, me, 'POST', url, { body: list.body });
      expect(made.statusCode, made.body).toBe(201);
      const item = json(made);
      expect(json(await call(t, me, 'GET', url))).toEqual([item]);
      expect(json(await call(t, other, 'GET', url))).toEqual([]);

      const changed = await call(t, me, 'PATCH', `${url}${item.id}/`, { body: list.change });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(json(changed)).toMatchObject({ id: item.id, ...list.change });
      // An update naming no field is refused with a sentence, and the item stays as it is.
      const empty = await call(t, me, 'PATCH', `${url}${item.id}/`, { body: {} });
      expect(empty.statusCode, empty.body).toBe(400);
      expect(json(empty).detail).toMatch(/^Nothing to change/);
      expect(json(await call(t, me, 'GET', `${BASE}/profile/`))[list.path.replace('-', '_')]).toEqual([json(changed)]);

      expect(json(await call(t, me, 'DELETE', `${url}${item.id}/`))).toEqual({ ok: true });
      expect(json(await call(t, me, 'GET', url))).toEqual([]);
      expect((await call(t, me, 'DELETE', `${url}${item.id}/`)).statusCode).toBe(404);
    });

    it(`${list.path}: refuses bad input with 400 on the field and writes nothing`, async () => {
      const url = `${BASE}/${list.path}/`;
      const item = json(await call(t, me, 'POST', url, { body: list.body }));
      const before = await snapshot(t.database);
      for (const [body, field] of list.bad) {
        expectFieldError(await call(t, me, 'POST', url, { body }), field);
        expectFieldError(await call(t, me, 'PATCH', `${url}${item.id}/`, { body }), field);
      }
      expect(await snapshot(t.database)).toEqual(before);
      expect(json(await call(t, me, 'GET', url))).toEqual([item]);
      await call(t, me, 'DELETE', `${url}${item.id}/`);
    });

    it(`${list.path}: another person's item is not found, and stays as it was`, async () => {
      const url = `${BASE}/${list.path}/`;
      const theirs = json(await call(t, other, 'POST', url, { body: list.body }));
      for (const res of [
        await call(t, me, 'PATCH', `${url}${theirs.id}/`, { body: list.change }),
        await call(t, me, 'DELETE', `${url}${theirs.id}/`),
      ]) {
        expect(res.statusCode, res.body).toBe(404);
      }
      expect(json(await call(t, other, 'GET', url))).toEqual([theirs]);
      await call(t, other, 'DELETE', `${url}${theirs.id}/`);
    });
  }

  it('checks an update against the saved dates when it gives only one of them', async () => {
    const url = `${BASE}/certifications/`;
    const item = json(
      await call(t, me, 'POST', url, { body: { name: 'State licence', issued_on: '2020-05-01', expires_on: '2026-05-01' } }),
    );
    const res = await call(t, me, 'PATCH', `${url}${item.id}/`, { body: { expires_on: '2020-04-30' } });
    expectFieldError(res, 'expires_on');
    expect(json(res).detail).toBe('The expiry date comes before the issue date.');
    expect(json(await call(t, me, 'PATCH', `${url}${item.id}/`, { body: { expires_on: null } }))).toMatchObject({
      expires_on: null,
      expiry: 'none',
    });
    await call(t, me, 'DELETE', `${url}${item.id}/`);
  });

  it('takes a web address typed without a scheme as https', async () => {
    const res = await call(t, me, 'POST', `${BASE}/social-links/`, { body: { platform: 'linkedin', url: 'linkedin.com/in/ana' } });
    expect(json(res)).toMatchObject({ url: 'https://linkedin.com/in/ana' });
    await call(t, me, 'DELETE', `${BASE}/social-links/${json(res).id}/`);
  });

  it('lists a skill once whatever its case', async () => {
    const url = `${BASE}/skills/`;
    const pecs = json(await call(t, me, 'POST', url, { body: { name: 'PECS' } }));
    const aac = json(await call(t, me, 'POST', url, { body: { name: 'AAC' } }));
    for (const res of [
      await call(t, me, 'POST', url, { body: { name: 'pecs' } }),
      await call(t, me, 'PATCH', `${url}${aac.id}/`, { body: { name: 'Pecs' } }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(json(res).detail).toBe('This skill is on your profile already.');
    }
    // Renaming a skill to its own name in another case is no repeat.
    expect(json(await call(t, me, 'PATCH', `${url}${pecs.id}/`, { body: { name: 'Pecs' } }))).toMatchObject({ name: 'Pecs' });
    expect(json(await call(t, other, 'POST', url, { body: { name: 'PECS' } }))).toMatchObject({ name: 'PECS' });
  });

  it('holds at most ten links', async () => {
    const url = `${BASE}/social-links/`;
    const owner = await createSignedInUser(t, 'THE');
    for (let i = 0; i < 10; i += 1) {
      expect((await call(t, owner, 'POST', url, { body: { platform: 'other', url: `https://site-${i}.example` } })).statusCode).toBe(201);
    }
    const res = await call(t, owner, 'POST', url, { body: { platform: 'other', url: 'https://one-more.example' } });
    expect(res.statusCode).toBe(409);
    expect(json(res).detail).toBe('You can list at most 10 links.');
  });
});
