import { useParams } from 'react-router-dom';
import type { OrganizationPageProps } from '../../../shared/routing/app-route';
import { GoalGraphPage } from './goal-graph-page';

/** A goal's graph in the active organization (404 for a goal of a student the caller does not reach, 403 when its data is closed to them). */
export function GoalGraphRoute({ organization }: OrganizationPageProps) {
  const { studentId = '', goalId = '' } = useParams<{ studentId: string; goalId: string }>();
  return <GoalGraphPage key={goalId} organizationId={organization.id} studentId={studentId} goalId={goalId} />;
}
