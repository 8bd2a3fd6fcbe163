import { useMemo, useState } from 'react';
import { schoolOutline } from 'ionicons/icons';
import { ENROLLMENT_ORDERINGS, ORG_STATUSES, PARENT_STATUSES, type EnrollmentOrdering } from '../../../../contract/enrollments';
import { AdminListScreen, type ListSetup } from '../../../shared/admin/admin-list-screen';
import { Dialog } from '../../../shared/ui/dialog';
import { ContractFrame } from '../components/contract-frame';
import { enrollmentColumns } from '../components/enrollment-columns';
import { EnrollmentForm } from '../components/enrollment-form';
import { ORG_STATUS_WORDS, PARENT_STATUS_WORDS } from '../components/enrollment-words';
import { StatusForm } from '../components/status-form';
import { useDeleteRowMutation } from '../../../shared/admin/row-mutations';
import { ENROLLMENT_ROWS, useArchiveEnrollmentMutation } from '../mutations';
import { enrollmentQueries, type EnrollmentRow } from '../queries';
import { ENROLLMENTS_ERROR_TEXT } from '../error-text';

type Filters = { orgStatus: string; parentStatus: string; archived: string };
type Answer = { count: number; results: EnrollmentRow[] };

const setupOf = (columns: ListSetup<EnrollmentRow, Filters, EnrollmentOrdering, Answer>['columns']) =>
  ({
    words: {
      title: 'Enrollments',
      one: 'enrollment',
      many: 'enrollments',
      icon: schoolOutline,
      emptyText:
        'Enroll a student to set their departments, programs, privacy template and contract. Archived enrollments are listed under Show.',
    },
    columns,
    fetchErrorText: ENROLLMENTS_ERROR_TEXT.fetchEnrollments,
    defaults: {
      ordering: 'student',
      orderings: ENROLLMENT_ORDERINGS,
      filters: { orgStatus: '', parentStatus: '', archived: 'false' },
      filterValues: { orgStatus: ['', ...ORG_STATUSES], parentStatus: ['', ...PARENT_STATUSES], archived: ['false', 'true'] },
    },
    choices: [
      {
        name: 'org_status',
        label: 'Status',
        filter: 'orgStatus',
        options: [{ value: '', label: 'Every status' }, ...ORG_STATUSES.map((value) => ({ value, label: ORG_STATUS_WORDS[value] }))],
      },
      {
        name: 'parent_status',
        label: 'Parent',
        filter: 'parentStatus',
        options: [{ value: '', label: 'Any answer' }, ...PARENT_STATUSES.map((value) => ({ value, label: PARENT_STATUS_WORDS[value] }))],
      },
      {
        name: 'archived',
        label: 'Show',
        filter: 'archived',
        options: [
          { value: 'false', label: 'Open enrollments' },
          { value: 'true', label: 'Archived enrollments' },
        ],
      },
    ],
    deleteNote: 'The enrollment, its programs and its contract go; the student stays.',
    wideForm: true,
  }) satisfies ListSetup<EnrollmentRow, Filters, EnrollmentOrdering, Answer>;

/** The organization's enrollments: filters, search, enroll, edit, status with a reason, archive, the issued contract. */
export function EnrollmentsPage({ orgCode, orgName, canManage }: { orgCode: string; orgName: string; canManage: boolean }) {
  const [statusOf, setStatusOf] = useState<EnrollmentRow | null>(null);
  const [contractOf, setContractOf] = useState<EnrollmentRow | null>(null);
  const archive = useArchiveEnrollmentMutation(orgCode).mutateAsync;
  const setup = useMemo(
    () =>
      setupOf(
        enrollmentColumns({
          canManage,
          onStatus: setStatusOf,
          onContract: setContractOf,
          onArchive: (row) => void archive({ id: row.id, archive: !row.is_archived }).catch(() => undefined),
        }),
      ),
    [canManage, archive],
  );
  return (
    <>
      <AdminListScreen
        setup={setup}
        canManage={canManage}
        listQuery={({ filters, ...page }) => enrollmentQueries.list(orgCode, { ...page, ...filters })}
        remove={useDeleteRowMutation(ENROLLMENT_ROWS, orgCode)}
        form={(enrollment, done) => <EnrollmentForm orgCode={orgCode} orgName={orgName} enrollment={enrollment} onDone={done} />}
      />
      <Dialog open={statusOf !== null} title="Change the status" onClose={() => setStatusOf(null)}>
        {statusOf && <StatusForm key={statusOf.id} orgCode={orgCode} enrollment={statusOf} onDone={() => setStatusOf(null)} />}
      </Dialog>
      <Dialog
        open={contractOf !== null}
        title={`Contract of ${contractOf?.name ?? ''}`}
        onClose={() => setContractOf(null)}
        wide
        closeText="Close"
      >
        {contractOf?.contract_html && <ContractFrame html={contractOf.contract_html} title={`Contract of ${contractOf.name}`} />}
      </Dialog>
    </>
  );
}
