import { IonButton } from '@ionic/react';
import { Link } from 'react-router-dom';
import { describeCriterion } from '../../../../contract/mastery-measures';
import type { StudentRecordGoal } from '../../../../contract/student-record';
import { GOAL_STATUS_WORDS, measurementLine, resultText, TARGET_STATUS_WORDS } from '../../../shared/goals/goal-words';
import { goalGraphPath } from '../../../shared/routing/student-links';
import { OrgMoment } from '../../../shared/ui/org-zone';
import { countText } from '../../../shared/ui/count-text';

/** "12 sessions with data · last Nov 3, 2026 · 75 % correct", or that nothing was recorded yet. */
function Summary({ goal }: { goal: StudentRecordGoal }) {
  const { summary } = goal;
  if (summary.sessions_with_data === 0 || summary.last_session_at === null) {
    return <p className="muted record-goal__summary">No data yet.</p>;
  }
  return (
    <p className="record-goal__summary">
      {countText(summary.sessions_with_data, 'session with data', 'sessions with data')} · last{' '}
      <OrgMoment at={summary.last_session_at} day />
      {summary.last_result !== null && (
        <>
          {' · '}
          <strong>{resultText(summary.last_result, summary.measure)}</strong>
        </>
      )}
    </p>
  );
}

interface GoalRowProps {
  goal: StudentRecordGoal;
  canEdit: boolean;
  onEdit: () => void;
  onEnd: () => void;
}

/** One goal: title and status, how it is measured, its targets, its data at a glance, its graph, Edit and Retire. */
export function GoalRow({ goal, canEdit, onEdit, onEnd }: GoalRowProps) {
  const hasData = goal.summary.sessions_with_data > 0;
  return (
    <li className="record-goal">
      <div className="record-goal__text">
        <div className="record-goal__name">
          <h4 className="record-goal__title">{goal.title}</h4>
          <span className={`record-status record-status--${goal.status}`}>{GOAL_STATUS_WORDS[goal.status]}</span>
        </div>
        <p className="muted">
          {measurementLine(goal)}
          {goal.mastery_criterion && ` · Mastery: ${describeCriterion(goal.mastery_criterion)}`}
        </p>
        {goal.sub_goals.length > 0 && (
          <ul className="record-chips" aria-label={`Targets of ${goal.title}`}>
            {goal.sub_goals.map((t) => (
              <li key={t.id} className={`record-chip record-chip--${t.status}`}>
                {t.title}
                {t.status !== 'active' && <span className="record-chip__status"> · {TARGET_STATUS_WORDS[t.status]}</span>}
              </li>
            ))}
          </ul>
        )}
        <Summary goal={goal} />
      </div>
      <div className="record-goal__actions">
        <Link className="admin-link" to={goalGraphPath(goal.student_id, goal.goal_id)} aria-label={`Graph of ${goal.title}`}>
          Graph
        </Link>
        {canEdit && (
          <IonButton fill="outline" size="small" onClick={onEdit} aria-label={`Edit ${goal.title}`}>
            Edit
          </IonButton>
        )}
        {canEdit && goal.status !== 'discontinued' && (
          <IonButton fill="clear" size="small" color="danger" onClick={onEnd} aria-label={`${hasData ? 'Retire' : 'Delete'} ${goal.title}`}>
            {hasData ? 'Retire' : 'Delete'}
          </IonButton>
        )}
      </div>
    </li>
  );
}
