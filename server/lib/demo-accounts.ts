/**
 * The domains of the demo and scale seeds' accounts. Each is under `.example`, a name reserved for
 * examples that no real mailbox can have, so refusing them never locks a real person out.
 */
export const DEMO_DOMAINS = [
  'thera-demo.example',
  'harbor-clinic.example',
  'maple-grove.example',
  'family-demo.example',
  'scale-clinic.example',
];

/** Whether an e-mail address is one of the seeded demo accounts', whose password the README publishes. */
export function isDemoAddress(email: string): boolean {
  const domain = email.trim().toLowerCase().split('@').at(-1) ?? '';
  return DEMO_DOMAINS.includes(domain);
}

export const DEMO_OFF_MESSAGE = 'The demo accounts are turned off on this server. Sign in with your own account.';
