import { goalGraphs } from '../../../contract/routes';
import { callQuery } from '../../shared/api/call-query';
import { GOAL_GRAPHS_ERROR_TEXT } from './error-text';

/** Query-key factory: per organization, so switching never shows the other's graph. */
export const goalGraphQueries = {
  graph: (organizationId: string, goalId: string) =>
    callQuery(
      ['organizations', organizationId, 'goal-graph', goalId],
      goalGraphs.goalGraph,
      { params: { orgId: organizationId, goalId } },
      GOAL_GRAPHS_ERROR_TEXT.fetchGraph,
    ),
};
