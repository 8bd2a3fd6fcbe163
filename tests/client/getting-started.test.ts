import { describe, expect, it } from 'vitest';
import { STEPS, stepsProgress } from '../../src/features/organizations/getting-started';

const none = { services: false, departments: false, therapists: false, enrollments: false, schedule: false };

describe("a new organization's getting-started list", () => {
  it('counts the steps done and shows until every one is', () => {
    expect(stepsProgress(none)).toEqual({ done: 0, total: 5, isShown: true });
    expect(stepsProgress({ ...none, services: true, therapists: true })).toEqual({ done: 2, total: 5, isShown: true });
    expect(stepsProgress({ services: true, departments: true, therapists: true, enrollments: true, schedule: true })).toEqual({
      done: 5,
      total: 5,
      isShown: false,
    });
  });

  it('links every step of the answer to a screen of the organization', () => {
    expect(STEPS.map((step) => step.key).sort()).toEqual(Object.keys(none).sort());
    for (const step of STEPS) {
      expect(step.to).toMatch(/^\/organization\//);
    }
  });
});
