/**
 * The therapist's professional profile, their own calls: the profile and the name mirror, the
 * catalog, refusals of other user types, and bad input answered 400 with nothing written.
 */
import { beforeAll, expect, it } from 'vitest';
import { describeServer, useTestApp } from '../helpers/test-app';
import { call } from '../helpers/collector-fixtures';
import { expectFieldError, json } from '../helpers/admin-fixtures';
import { snapshot } from '../helpers/db';
import { createOwner, createSignedInUser, type SignedInUser } from '../factories/accounts';

const BASE = '/api/therapist-management';
const PROFILE = `${BASE}/profile/`;
const t = useTestApp();
let therapist: SignedInUser;

beforeAll(async () => {
  therapist = await createSignedInUser(t, 'THE');
});

describeServer('the professional profile', () => {
  it('answers a profile never saved with empty fields, and writes nothing to read it', async () => {
    const before = await snapshot(t.database);
    const res = await call(t, therapist, 'GET', PROFILE);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({
      user_id: therapist.id,
      first_name: 'Test',
      last_name: 'THE user',
      email: therapist.email,
      phone_number: '',
      headline: '',
      bio: '',
      years_of_practice: null,
      languages: [],
      city: '',
      country: '',
      specializations: [],
      social_links: [],
      educations: [],
      certifications: [],
      skills: [],
      work_experiences: [],
    });
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('saves the fields it is given and keeps the others', async () => {
    const first = await call(t, therapist, 'PATCH', PROFILE, {
      body: {
        headline: '  Paediatric speech therapist ',
        years_of_practice: 8,
        languages: ['English', 'Spanish'],
        specializations: ['speech_language_pathology', 'early_intervention'],
      },
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await call(t, therapist, 'PATCH', PROFILE, { body: { city: 'Portland', bio: 'Play-based therapy.' } });
    expect(json(second)).toMatchObject({
      headline: 'Paediatric speech therapist',
      years_of_practice: 8,
      languages: ['English', 'Spanish'],
      city: 'Portland',
      bio: 'Play-based therapy.',
      specializations: [
        { code: 'speech_language_pathology', label: 'Speech-language pathology' },
        { code: 'early_intervention', label: 'Early intervention' },
      ],
    });
    const cleared = await call(t, therapist, 'PATCH', PROFILE, { body: { years_of_practice: null, specializations: [] } });
    expect(json(cleared)).toMatchObject({ years_of_practice: null, specializations: [], city: 'Portland' });
  });

  it('mirrors new names to the account: the session user shows them at once', async () => {
    const res = await call(t, therapist, 'PATCH', PROFILE, {
      body: { first_name: ' Ana ', last_name: 'Moreno', phone_number: '+1 555 0100' },
    });
    expect(json(res)).toMatchObject({ first_name: 'Ana', last_name: 'Moreno', phone_number: '+1 555 0100' });
    const session = json(await call(t, therapist, 'GET', '/api/users/auth/session/'));
    expect(session.user).toMatchObject({ first_name: 'Ana', last_name: 'Moreno', phone_number: '+1 555 0100' });
  });

  it('refuses bad input with 400 on the field and writes nothing', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ first_name: '  ' }, 'first_name'],
      [{ years_of_practice: -1 }, 'years_of_practice'],
      [{ years_of_practice: 2.5 }, 'years_of_practice'],
      [{ years_of_practice: 71 }, 'years_of_practice'],
      [{ languages: ['English', 'english'] }, 'languages'],
      [{ languages: Array.from({ length: 11 }, (_, i) => `Language ${i}`) }, 'languages'],
      [{ specializations: ['astrology'] }, 'specializations'],
      [{ specializations: ['psychology', 'psychology'] }, 'specializations'],
      [{ headline: 'x'.repeat(161) }, 'headline'],
      [{ phone_number: 'call me' }, 'phone_number'],
      [{ city: 'Port\u0000land' }, 'city'],
    ];
    const before = await snapshot(t.database);
    const saved = json(await call(t, therapist, 'GET', PROFILE));
    for (const [body, field] of bad) {
      expectFieldError(await call(t, therapist, 'PATCH', PROFILE, { body: { headline: 'Changed', ...body } }), field);
    }
    expect(await snapshot(t.database)).toEqual(before);
    expect(json(await call(t, therapist, 'GET', PROFILE))).toEqual(saved);
  });

  it('answers the catalog of specializations', async () => {
    const res = await call(t, therapist, 'GET', `${BASE}/specializations/`);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual(
      expect.arrayContaining([
        { code: 'speech_language_pathology', label: 'Speech-language pathology' },
        { code: 'occupational_therapy', label: 'Occupational therapy' },
        { code: 'applied_behavior_analysis', label: 'Applied behaviour analysis' },
      ]),
    );
  });

  it('refuses owners and parents with a sentence, and anyone signed out with 401', async () => {
    const owner = await createOwner(t);
    const parent = await createSignedInUser(t, 'PAR');
    const calls: ['GET' | 'PATCH' | 'POST' | 'DELETE', string, unknown?][] = [
      ['GET', PROFILE],
      ['PATCH', PROFILE, { headline: 'Owner' }],
      ['GET', `${BASE}/specializations/`],
      ['GET', `${BASE}/skills/`],
      ['POST', `${BASE}/skills/`, { name: 'Sign language' }],
      ['GET', `${BASE}/certifications/`],
    ];
    const before = await snapshot(t.database);
    for (const actor of [owner, parent]) {
      for (const [method, url, body] of calls) {
        const res = await call(t, actor, method, url, body === undefined ? {} : { body });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(json(res).detail).toBe('Only a therapist account has a professional profile.');
      }
    }
    expect((await call(t, { cookie: '' }, 'GET', PROFILE)).statusCode).toBe(401);
    expect(await snapshot(t.database)).toEqual(before);
  });
});
