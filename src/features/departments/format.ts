/** "Noah Bennett" */
export const fullName = (person: { first_name: string; last_name: string }) => `${person.first_name} ${person.last_name}`.trim();

/** "Nov 24, 2026, 3:05 PM" in the reader's locale. */
export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

export const departmentPath = (id: string) => `/organization/departments/${id}`;
