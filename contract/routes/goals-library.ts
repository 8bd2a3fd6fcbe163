import { defineRoutes, MEMBERSHIP } from './define';

export const goalsLibrary = defineRoutes('goalsLibrary', {
  departmentAssignedGoals: ['GET', `${MEMBERSHIP}/departments/:deptId/assigned-goals/`],
  organizationAssignedGoals: ['GET', '/api/theragoals/organization/:orgId/assigned-goals/'],
});
