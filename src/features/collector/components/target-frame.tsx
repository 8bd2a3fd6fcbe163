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
  const stageId = `t-${goalId}-${subGoalId ?? 'goal'}-stage`;
  // The stage describes the group rather than naming it: the target keeps its own name whatever its stage.
  return (
    <div
      className={kind ? `target target--${kind}` : 'target'}
      role="group"
      aria-labelledby={nameId}
      aria-describedby={stage ? stageId : undefined}
    >
      <div className="target__head">
        <div className="target__title">
          <h3 id={nameId} className="target__name">
            {name}
          </h3>
          {stage && (
            <span className="target__stage" id={stageId}>
              {stage}
            </span>
          )}
        </div>
        {figure && <p className="trial">{figure}</p>}
      </div>
      {children}
    </div>
  );
}
