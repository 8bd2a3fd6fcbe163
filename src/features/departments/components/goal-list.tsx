import { IonButton } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import type { AssignedGoal } from '../../../../contract/goals-library';
import { EmptyState, QueryWaiting } from '../../../shared/ui/page-states';
import { DEPARTMENTS_ERROR_TEXT } from '../error-text';
import { measurementLine } from '../../../shared/goals/goal-words';
import { Link } from 'react-router-dom';
import { studentPath } from '../../../shared/routing/student-links';
import { schoolOutline } from 'ionicons/icons';
import { departmentQueries } from '../queries';

interface GoalListProps {
  query: { orgCode: string; orgId: string; studentId: string; departmentId: string };
  departmentName: string;
  canManage: boolean;
  onAdd: () => void;
  onRemove: (goal: AssignedGoal) => void;
}

/** The student's goals in one department, each with how it is measured and its targets. */
export function GoalList({ query: where, departmentName, canManage, onAdd, onRemove }: GoalListProps) {
  const query = useQuery(departmentQueries.studentGoals(where.orgCode, where.orgId, where.studentId));
  const addButton = canManage ? <IonButton onClick={onAdd}>Add goal</IonButton> : undefined;
  if (!query.isSuccess) {
    return <QueryWaiting query={query} label="Loading goals…" errorText={DEPARTMENTS_ERROR_TEXT.fetchStudentGoals} />;
  }
  const goals = query.data.results.filter((goal) => goal.department_id === where.departmentId);
  if (goals.length === 0) {
    return (
      <EmptyState icon={schoolOutline} title="No goals yet" action={addButton}>
        {canManage
          ? `Give the student a goal in ${departmentName}: their therapists score it in each session.`
          : `The student has no goals in ${departmentName} yet.`}
      </EmptyState>
    );
  }
  return (
    <>
      <p className="muted">
        Edit, retire and follow these goals on{' '}
        <Link className="admin-link" to={studentPath(where.studentId)}>
          the student’s page
        </Link>
        .
      </p>
      <ul className="dept-goals">
        {goals.map((goal) => (
          <li key={goal.goal_id} className="dept-goal">
            <div className="dept-goal__text">
              <h3 className="dept-goal__title">{goal.title}</h3>
              <p className="muted">{measurementLine(goal)}</p>
              {goal.sub_goals.length > 0 ? (
                <ul className="dept-chips" aria-label={`Targets of ${goal.title}`}>
                  {goal.sub_goals.map((target) => (
                    <li key={target.id} className="dept-chip dept-chip--plain">
                      {target.title}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="muted">No targets: the goal itself is scored.</p>
              )}
            </div>
            {canManage && (
              <IonButton fill="clear" color="danger" size="small" onClick={() => onRemove(goal)} aria-label={`Remove ${goal.title}`}>
                Remove
              </IonButton>
            )}
          </li>
        ))}
      </ul>
      {addButton && <div className="admin-dialog__actions">{addButton}</div>}
    </>
  );
}
