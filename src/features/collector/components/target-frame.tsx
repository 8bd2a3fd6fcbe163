import type { ReactNode } from 'react';

/**
 * What every target shares: a group named by its heading, the heading with the target's running
 * figure beside it (trial, total time), then the target's own controls.
 */
export function TargetFrame({
  goalId,
  subGoalId,
  name,
  kind,
  figure,
  stage,
  children,
}: {
  goalId: string;
  subGoalId: string | null;
  name: string;
  /** A modifier class for targets other than discrete trials. */
  kind?: 'duration' | 'frequency';
  figure?: ReactNode;
  /** Where the target stands when not simply taught now: "Maintenance" (mastered) or "Upcoming" (taught after the one before). */
  stage?: string | undefined;
  children: ReactNode;
}) {
  const nameId = `t-${goalId}-${subGoalId ?? 'goal'}-name`;
  return (
    <div className={kind ? `target target--${kind}` : 'target'} role="group" aria-labelledby={nameId}>
      <div className="target__head">
        <h3 id={nameId} className="target__name">
          {name}
          {stage && <span className="target__stage"> · {stage}</span>}
        </h3>
        {figure && <p className="trial">{figure}</p>}
      </div>
      {children}
    </div>
  );
}
