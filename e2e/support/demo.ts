/** The demo seed's sign-ins (server/seed/demo.ts): the e2e server seeds a fresh database per run. */
export const DEMO_PASSWORD = 'Thera-demo-2026';

export const DEMO = {
  clinicOwner: { email: 'owner@harbor-clinic.example', firstName: 'Grace', lastName: 'Whitfield' },
  /** Therapist in both demo organizations: the organization switcher has two entries. */
  maya: { email: 'maya.chen@thera-demo.example', firstName: 'Maya', lastName: 'Chen' },
  jordan: { email: 'jordan.reyes@thera-demo.example', firstName: 'Jordan', lastName: 'Reyes' },
  /** The clinic's front desk: a staff member (built-in "Front desk" role) the roles spec gives other roles. */
  dana: { email: 'dana.brooks@harbor-clinic.example', firstName: 'Dana', lastName: 'Brooks' },
  /** A former clinic therapist: his only membership was ended, so he belongs to no organization. */
  sam: { email: 'sam.ortiz@thera-demo.example', firstName: 'Sam', lastName: 'Ortiz' },
} as const;

export const DEMO_ORGANIZATIONS = {
  clinic: { name: 'Harbor Therapy Clinic', kind: 'Clinic', timezone: 'America/New_York' },
  school: { name: 'Maple Grove School', kind: 'School', timezone: 'America/Chicago' },
} as const;
