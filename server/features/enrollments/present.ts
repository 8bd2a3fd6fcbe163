import type { RacedConstraint } from '../../lib/db-errors';
import type { Enrollment, OrgStatus, ParentStatus } from '../../../contract/enrollments';
import type { ContractTemplate, PrivacyRoleTemplate, StudentPart } from '../../../contract/enrollment-templates';
import type { EnrollmentRow, StudentRow } from './repository';
import type { Named } from './repository-admin';
import type { ContractTemplateRow, PrivacyRoleTemplateRow } from './repository-templates';

export interface EnrollmentNames {
  departments: Map<string, Named[]>;
  programs: Map<string, Named[]>;
  templates: Map<string, Named>;
}

/** The enrollment's paperwork, the family part of its student's record. */
const paperwork = (e: EnrollmentRow) => ({
  notes: e.notes,
  contract_template_name: e.contractTemplateName,
  contract_html: e.contractHtml,
  contract_start_date: e.contractStartDate,
  contract_responsible_person: e.contractResponsiblePerson,
});

/** An enrollment as the contract answers it; its paperwork only where `parts` opens the family part. */
export function presentEnrollment(
  { enrollment: e, student: s }: { enrollment: EnrollmentRow; student: StudentRow },
  names: EnrollmentNames,
  parts: readonly StudentPart[],
): Enrollment {
  return {
    id: e.id,
    student: { id: s.id, first_name: s.firstName, last_name: s.lastName, code: s.code },
    privacy_and_role_template: e.privacyRoleTemplateId ? (names.templates.get(e.privacyRoleTemplateId) ?? null) : null,
    ...(parts.includes('family') ? paperwork(e) : {}),
    departments: names.departments.get(s.id) ?? [],
    programs: names.programs.get(e.id) ?? [],
    parent_status: e.parentStatus as ParentStatus,
    has_parent: s.childId !== null,
    org_status: e.orgStatus as OrgStatus,
    org_status_reason: e.orgStatusReason,
    is_archived: e.isArchived,
    created_at: e.createdAt.toISOString(),
  };
}

/** The enrollment fields the audit trail keeps (the contract by its template's name and length, not its text). */
export const auditedEnrollment = (e: EnrollmentRow) => ({
  student_id: e.studentId,
  notes: e.notes,
  org_status: e.orgStatus,
  org_status_reason: e.orgStatusReason,
  parent_status: e.parentStatus,
  is_archived: e.isArchived,
  privacy_role_template_id: e.privacyRoleTemplateId,
  contract_template_name: e.contractTemplateName,
  contract_length: e.contractHtml.length,
  contract_start_date: e.contractStartDate,
  contract_responsible_person: e.contractResponsiblePerson,
});

export const presentContractTemplate = (row: ContractTemplateRow): ContractTemplate => ({
  id: row.id,
  name: row.name,
  body_html: row.bodyHtml,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});
export const auditedContractTemplate = (row: ContractTemplateRow) => ({ name: row.name, body_html: row.bodyHtml });

/** Rules of roles that no longer exist are left out: a deleted role sees nothing. */
export const presentPrivacyTemplate = (row: PrivacyRoleTemplateRow, roleNames: Map<string, string>): PrivacyRoleTemplate => ({
  id: row.id,
  name: row.name,
  rules: Object.entries(row.rules)
    .filter(([roleId]) => roleNames.has(roleId))
    .map(([roleId, parts]) => ({ role_id: roleId, role_name: roleNames.get(roleId)!, parts: parts as StudentPart[] }))
    .sort((a, b) => a.role_name.localeCompare(b.role_name)),
  created_at: row.createdAt.toISOString(),
});
export const auditedPrivacyTemplate = (row: PrivacyRoleTemplateRow) => ({ name: row.name, rules: row.rules });

/** What a person hears when two saves race into one of this feature's unique constraints (409, on the field). */
export const UNIQUE_CONSTRAINTS = {
  contract_templates_name_uq: { detail: 'A contract template with this name already exists.', field: 'name' },
  privacy_role_templates_name_uq: { detail: 'A privacy-role template with this name already exists.', field: 'name' },
} as const satisfies Record<string, RacedConstraint>;
