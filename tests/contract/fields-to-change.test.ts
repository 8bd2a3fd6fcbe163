import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from '../../contract';
import { defineCall, fieldsToChange, namesNothingToChange, notAChange, type Call } from '../../contract/http';
import { defineRoutes } from '../../contract/routes/define';

/** Every call of the contract, named. */
const calls = Object.entries(contract).flatMap(([feature, module]) =>
  Object.entries(module as Record<string, unknown>)
    .filter((entry): entry is [string, Call] => typeof entry[1] === 'object' && entry[1] !== null && 'route' in entry[1])
    .map(([name, call]) => ({ name: `${feature}.${name}`, call })),
);

const route = defineRoutes('trial', { patch: ['PATCH', '/api/trial/:id/'], post: ['POST', '/api/trial/'] });
const body = z.object({ organization_id: notAChange(z.uuid()), name: z.string().optional(), note: z.string().nullable().optional() });
const access = { kind: 'user' } as const;

describe('what an update may change', () => {
  it('is the body fields of a PATCH or PUT not marked as saying where or how it acts', () => {
    const update = defineCall(route.patch, { summary: 'trial', access, body, response: z.object({}) });
    expect(fieldsToChange(update)).toEqual(['name', 'note']);
    expect(namesNothingToChange(update, { organization_id: 'x' })).toBe(true);
    expect(namesNothingToChange(update, {})).toBe(true);
    // Clearing a field is a change.
    expect(namesNothingToChange(update, { organization_id: 'x', note: null })).toBe(false);
    expect(fieldsToChange(defineCall(route.post, { summary: 'trial', access, body, response: z.object({}) }))).toEqual([]);
    // An action without fields of its own: `{}` is the whole request.
    expect(fieldsToChange(defineCall(route.patch, { summary: 'trial', access, response: z.object({}) }))).toEqual([]);
  });

  it('reads the keys sent, so a PUT whose fields all have defaults still refuses an empty body', () => {
    const fields = fieldsToChange(contract.enrollments.updateEnrollment);
    expect(fields).toContain('notes');
    // Validation fills every field in; the check must not take those for fields the client named.
    const filled = contract.enrollments.updateEnrollment.body.parse({});
    expect(namesNothingToChange(contract.enrollments.updateEnrollment, filled)).toBe(false);
    expect(namesNothingToChange(contract.enrollments.updateEnrollment, {})).toBe(true);
    expect(namesNothingToChange(contract.enrollments.updateEnrollment, { notes: '' })).toBe(false);
    expect(namesNothingToChange(contract.enrollments.updateEnrollment, [])).toBe(true);
  });

  it('leaves a session edit only the people, department and service to change', () => {
    expect(fieldsToChange(contract.schedulingDesk.updateTherasession)).toEqual([
      'therapist_id',
      'student_id',
      'department_id',
      'service_id',
    ]);
    expect(fieldsToChange(contract.workspace.closeWorkspace)).toEqual([]);
    expect(calls.filter(({ call }) => fieldsToChange(call).length > 0).length).toBeGreaterThan(20);
  });
});
