/** "Noah Bennett" */
export const fullName = (person: { first_name: string; last_name: string }) => `${person.first_name} ${person.last_name}`.trim();

export const departmentPath = (id: string) => `/organization/departments/${id}`;
