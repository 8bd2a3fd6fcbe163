import { describe, expect, it } from 'vitest';
import { ORG_STATUSES, PARENT_STATUSES } from '../../contract/enrollments';
import { parentAnswerText } from '../../src/features/enrollments/components/enrollment-words';

describe("the enrollments list's Parent column", () => {
  it('never says a parent answered for an enrollment that has no parent', () => {
    for (const org_status of ORG_STATUSES) {
      for (const parent_status of PARENT_STATUSES) {
        expect(parentAnswerText({ has_parent: false, parent_status, org_status })).toBe('No parent linked');
      }
    }
  });

  it("says the parent's own answer, and that a discharged enrollment no longer awaits one", () => {
    const withParent = (parent_status: (typeof PARENT_STATUSES)[number], org_status: (typeof ORG_STATUSES)[number] = 'active') =>
      parentAnswerText({ has_parent: true, parent_status, org_status });
    expect(withParent('accepted')).toBe('Accepted by parent');
    expect(withParent('declined')).toBe('Declined by parent');
    expect(withParent('withdrawn', 'on_hold')).toBe('Withdrawn by parent');
    expect(withParent('pending', 'pending')).toBe('Awaiting parent');
    expect(withParent('pending', 'discharged')).toBe('Parent did not answer');
  });
});
