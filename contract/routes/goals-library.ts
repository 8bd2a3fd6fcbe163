import { defineRoutes, MEMBERSHIP } from './define';

const ASSIGNED = '/api/theragoals/organization/:orgId/assigned-goals';

export const goalsLibrary = defineRoutes('goalsLibrary', {
  departmentAssignedGoals: ['GET', `${MEMBERSHIP}/departments/:deptId/assigned-goals/`],
  organizationAssignedGoals: ['GET', `${ASSIGNED}/`],
  createAssignedGoal: ['POST', `${ASSIGNED}/`],
  updateAssignedGoal: ['PATCH', `${ASSIGNED}/:goalId/`],
  deleteAssignedGoal: ['DELETE', `${ASSIGNED}/:goalId/`],
  addSubGoal: ['POST', `${ASSIGNED}/:goalId/sub-goals/`],
  updateSubGoal: ['PATCH', `${ASSIGNED}/:goalId/sub-goals/:subGoalId/`],
  removeSubGoal: ['DELETE', `${ASSIGNED}/:goalId/sub-goals/:subGoalId/`],
});
