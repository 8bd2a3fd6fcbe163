import { documentTextOutline } from 'ionicons/icons';
import type { ContractTemplate } from '../../../../contract/enrollment-templates';
import { AdminListScreen, type ListSetup } from '../../../shared/admin/admin-list-screen';
import { dayColumn, nameColumn } from '../../../shared/admin/admin-columns';
import { ContractTemplateForm } from '../components/contract-template-form';
import { useDeleteRowMutation } from '../../../shared/admin/row-mutations';
import { CONTRACT_TEMPLATE_ROWS } from '../mutations';
import { enrollmentQueries } from '../queries';
import { ENROLLMENTS_ERROR_TEXT } from '../error-text';

type Answer = { count: number; results: ContractTemplate[] };

const SETUP: ListSetup<ContractTemplate, Record<string, never>, 'name', Answer> = {
  words: {
    title: 'Contract templates',
    one: 'contract template',
    many: 'contract templates',
    icon: documentTextOutline,
    emptyText: 'Write the agreement families sign at enrollment, with placeholders for the student, dates and prices.',
  },
  columns: [nameColumn({ isSortable: false }), dayColumn('updated_at', 'Last changed', (t) => t.updated_at)],
  fetchErrorText: ENROLLMENTS_ERROR_TEXT.fetchContractTemplates,
  defaults: { ordering: 'name', filters: {} },
  deleteNote: 'Contracts already issued from it keep their text.',
  wideForm: true,
};

/** The organization's contract templates: search, create, edit with a live preview, delete. */
export function ContractTemplatesPage({ orgCode, canManage }: { orgCode: string; canManage: boolean }) {
  return (
    <AdminListScreen
      setup={SETUP}
      canManage={canManage}
      listQuery={(page) => enrollmentQueries.contractTemplates(orgCode, page)}
      remove={useDeleteRowMutation(CONTRACT_TEMPLATE_ROWS, orgCode)}
      form={(template, done) => <ContractTemplateForm orgCode={orgCode} template={template} onDone={done} />}
    />
  );
}
