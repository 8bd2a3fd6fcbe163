import { defineRoutes } from './define';

export const goalGraphs = defineRoutes('goalGraphs', {
  goalGraph: ['GET', '/api/goal-graphs/organization/:orgId/goals/:goalId/graph/'],
});
