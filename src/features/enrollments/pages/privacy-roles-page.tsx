import { shieldCheckmarkOutline } from 'ionicons/icons';
import { STUDENT_PART_LABELS, type PrivacyRoleTemplate } from '../../../../contract/enrollment-templates';
import { AdminListScreen, type ListSetup } from '../../../shared/admin/admin-list-screen';
import { column, nameColumn } from '../../../shared/admin/admin-columns';
import { PrivacyRoleForm } from '../components/privacy-role-form';
import { useDeleteRowMutation } from '../../../shared/admin/row-mutations';
import { PRIVACY_ROLE_ROWS } from '../mutations';
import { enrollmentQueries } from '../queries';
import { ENROLLMENTS_ERROR_TEXT } from '../error-text';

type Answer = { count: number; results: PrivacyRoleTemplate[]; roles: { id: string; name: string }[] };

const summary = (template: PrivacyRoleTemplate) =>
  template.rules.length === 0
    ? 'No role sees any part'
    : template.rules.map((rule) => `${rule.role_name}: ${rule.parts.map((p) => STUDENT_PART_LABELS[p]).join(', ')}`).join(' · ');

const SETUP: ListSetup<PrivacyRoleTemplate, Record<string, never>, 'name', Answer> = {
  words: {
    title: 'Privacy templates',
    one: 'privacy-role template',
    many: 'privacy-role templates',
    icon: shieldCheckmarkOutline,
    emptyText: "Decide which roles see which parts of a student's record. Without a template, members see only the student's name.",
  },
  columns: [nameColumn({ isSortable: false }), column('rules', 'Who sees what', summary)],
  fetchErrorText: ENROLLMENTS_ERROR_TEXT.fetchPrivacyRoles,
  defaults: { ordering: 'name', filters: {} },
  deleteNote: 'A template that enrollments use cannot be deleted.',
  wideForm: true,
};

/** The organization's privacy-role templates: search, create, edit the matrix, delete. */
export function PrivacyRolesPage({ orgCode, canManage }: { orgCode: string; canManage: boolean }) {
  return (
    <AdminListScreen
      setup={SETUP}
      canManage={canManage}
      listQuery={(page) => enrollmentQueries.privacyRoles(orgCode, page)}
      remove={useDeleteRowMutation(PRIVACY_ROLE_ROWS, orgCode)}
      form={(template, done, list) => <PrivacyRoleForm orgCode={orgCode} roles={list?.roles ?? []} template={template} onDone={done} />}
    />
  );
}
