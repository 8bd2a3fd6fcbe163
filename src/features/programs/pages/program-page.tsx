import { libraryOutline } from 'ionicons/icons';
import { useQuery } from '@tanstack/react-query';
import type { MyAccess } from '../../../shared/access/my-access';
import { AdminDetailScreen } from '../../../shared/admin/detail-screen';
import { countText } from '../../../shared/ui/count-text';
import { PROGRAMS_ERROR_TEXT } from '../error-text';
import { ProgramDepartments } from '../components/program-departments';
import type { ProgramDetail } from '../components/program-detail-columns';
import { ProgramForm } from '../components/program-form';
import { ProgramStudents } from '../components/program-students';
import { ProgramTeam } from '../components/program-team';
import { programQueries } from '../queries';

interface ProgramPageProps {
  orgCode: string;
  programId: string;
  access: Pick<MyAccess, 'can'>;
}

/**
 * One program: name and description, and tabs for its students (add from the candidate
 * enrollments, remove), its team and its departments; the Students tab opens first. There is no
 * "get one program" call: the program comes from programs-full (every program at once, which an
 * organization keeps in the tens).
 */
export function ProgramPage({ orgCode, programId, access }: ProgramPageProps) {
  const full = useQuery(programQueries.full(orgCode));
  return (
    <AdminDetailScreen<ProgramDetail>
      noun={{ one: 'program', many: 'programs' }}
      listPath="/organization/programs"
      query={full}
      item={full.data?.results.find((p) => p.id === programId)}
      fetchErrorText={PROGRAMS_ERROR_TEXT.fetchProgram}
      icon={libraryOutline}
      manageKey="programs.manage"
      access={access}
      summary={(program) => ({
        title: program.name,
        facts: [
          countText(program.students_count, 'student', 'students'),
          countText(program.departments.length, 'department', 'departments'),
        ],
        description: program.description,
      })}
      editForm={(program, done) => <ProgramForm orgCode={orgCode} program={program} onDone={done} />}
      wideForm
      sections={(program, canManage) => [
        { key: 'students', label: 'Students', panel: <ProgramStudents orgCode={orgCode} program={program} canManage={canManage} /> },
        { key: 'team', label: 'Team', panel: <ProgramTeam orgCode={orgCode} program={program} /> },
        { key: 'departments', label: 'Departments', panel: <ProgramDepartments orgCode={orgCode} program={program} /> },
      ]}
    />
  );
}
