import { useParams } from 'react-router-dom';
import type { OrganizationPageProps } from '../../../shared/routing/app-route';
import { StudentRecordPage } from './student-record-page';

/** The student's page, by the `:studentId` of its address; another student mounts a fresh page. */
export function StudentRecordRoute({ organization, access }: OrganizationPageProps) {
  const { studentId = '' } = useParams<{ studentId: string }>();
  return <StudentRecordPage key={studentId} organization={organization} access={access} studentId={studentId} />;
}
