import { layersOutline } from 'ionicons/icons';
import { useQuery } from '@tanstack/react-query';
import { AdminTableView } from '../../../shared/admin/admin-table-view';
import { PROGRAMS_ERROR_TEXT } from '../error-text';
import { EmptyState, QueryWaiting } from '../../../shared/ui/page-states';
import { programQueries } from '../queries';
import { programDepartmentColumns, type ProgramDetail } from './program-detail-columns';

/** The departments the program's students are placed in. */
export function ProgramDepartments({ orgCode, program }: { orgCode: string; program: Pick<ProgramDetail, 'id'> }) {
  const departments = useQuery(programQueries.departments(orgCode, program.id));
  if (!departments.isSuccess) {
    return <QueryWaiting query={departments} label="Loading departments…" errorText={PROGRAMS_ERROR_TEXT.fetchProgramDepartments} />;
  }
  if (departments.data.results.length === 0) {
    return (
      <EmptyState icon={layersOutline} title="No departments yet">
        A program&apos;s departments are the ones its students are placed in.
      </EmptyState>
    );
  }
  return (
    <div aria-live="polite">
      <AdminTableView
        caption="Departments"
        columns={programDepartmentColumns}
        rows={departments.data.results}
        ordering=""
        defaultOrdering=""
        onOrderingChange={() => undefined}
        rowLabel={(department) => department.name}
      />
    </div>
  );
}
