import type { GettingStarted } from '../../../contract/organizations';

export type StepKey = keyof GettingStarted;

/** The steps in the order a new organization takes them, each with the screen where it is done. */
export const STEPS: Array<{ key: StepKey; label: string; hint: string; to: string }> = [
  { key: 'services', label: 'Add your services', hint: 'What you offer, with its length and price.', to: '/organization/services' },
  {
    key: 'departments',
    label: 'Add a department',
    hint: 'The teams therapists and children are placed in.',
    to: '/organization/departments',
  },
  {
    key: 'therapists',
    label: 'Invite a therapist',
    hint: 'By e-mail or by the code from their Home.',
    to: '/organization/people?show=invitations',
  },
  { key: 'enrollments', label: 'Enroll a child', hint: 'The child, their parent and the paperwork.', to: '/organization/enrollments' },
  { key: 'schedule', label: 'Plan the week', hint: 'Sessions for your therapists and children.', to: '/organization/schedule/plan' },
];

/** How far the list is, and whether it still shows: it is gone once every step is done. */
export function stepsProgress(steps: GettingStarted): { done: number; total: number; isShown: boolean } {
  const done = STEPS.filter((step) => steps[step.key]).length;
  return { done, total: STEPS.length, isShown: done < STEPS.length };
}

const dismissedKey = (organizationId: string) => `thera.getting-started-dismissed.${organizationId}`;

/** Dismissed per organization on this device: a list someone hid stays hidden here. */
export function isDismissed(organizationId: string): boolean {
  try {
    return localStorage.getItem(dismissedKey(organizationId)) === '1';
  } catch {
    return false;
  }
}

export function dismiss(organizationId: string): void {
  try {
    localStorage.setItem(dismissedKey(organizationId), '1');
  } catch {
    // Private browsing without storage: hidden until the page is opened again.
  }
}
