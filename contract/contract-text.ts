/**
 * Contract placeholders and how they are filled, shared so the template editor's preview and the
 * contract the server issues read the same list and fill it the same way. Values are escaped as
 * HTML text: a name can never add markup to a contract.
 */

/** Every placeholder a contract template may use, written `{{name}}`, with what it becomes. */
export const CONTRACT_PLACEHOLDERS = [
  { name: 'student_name', label: "The student's full name" },
  { name: 'organization_name', label: "The organization's name" },
  { name: 'start_date', label: 'The contract start date' },
  { name: 'responsible_person', label: 'The person responsible for the contract' },
  { name: 'programs', label: "The enrollment's programs, separated by commas" },
  { name: 'services', label: "The organization's active services with their prices, as a table" },
] as const;
export type ContractPlaceholder = (typeof CONTRACT_PLACEHOLDERS)[number]['name'];

/** What a filled placeholder holds: text (escaped) or, for services, rows of a table. */
export interface ContractValues {
  student_name: string;
  organization_name: string;
  start_date: string;
  responsible_person: string;
  programs: string[];
  services: { name: string; price: string }[];
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

function servicesTable(services: ContractValues['services']): string {
  if (services.length === 0) {
    return '<p>No services listed.</p>';
  }
  const rows = services.map((s) => `<tr><td>${escapeHtml(s.name)}</td><td>${escapeHtml(s.price)}</td></tr>`).join('');
  return `<table><thead><tr><th>Service</th><th>Price</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** The template with every known `{{placeholder}}` filled; unknown ones stay as written so the author sees them. */
export function fillContract(html: string, values: ContractValues): string {
  return html.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) => {
    switch (name as ContractPlaceholder) {
      case 'services':
        return servicesTable(values.services);
      case 'programs':
        return escapeHtml(values.programs.join(', '));
      case 'student_name':
      case 'organization_name':
      case 'start_date':
      case 'responsible_person':
        return escapeHtml(values[name as 'student_name']);
      default:
        return whole;
    }
  });
}

/** The sample values the editor's preview fills in. */
export const SAMPLE_CONTRACT_VALUES: ContractValues = {
  student_name: 'Alex Sample',
  organization_name: 'Your organization',
  start_date: '2027-01-04',
  responsible_person: 'Jamie Sample',
  programs: ['Early language', 'Social skills'],
  services: [
    { name: 'Speech therapy (60 min)', price: '45.00 USD' },
    { name: 'Assessment', price: '120.00 USD' },
  ],
};
