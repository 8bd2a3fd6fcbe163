import type { FastifyInstance } from 'fastify';
import { accountsRoutes } from './accounts/routes';
import { organizationsRoutes } from './organizations/routes';
import { membershipsRoutes } from './memberships/routes';
import { collectorRoutes } from './collector/routes';
import { schedulingRoutes } from './scheduling/routes';
import { workspaceRoutes } from './workspace/routes';
import { departmentsRoutes } from './departments/routes';
import { classroomsRoutes } from './classrooms/routes';
import { programsRoutes } from './programs/routes';
import { goalsLibraryRoutes } from './goals-library/routes';
import { dashboardsRoutes } from './dashboards/routes';
import { peopleRoutes } from './people/routes';
import { rolesRoutes } from './roles/routes';
import { servicesRoutes } from './services/routes';
import { auditRoutes } from './audit/routes';

/** Every feature's routes, registered from the contract. Add a feature here and nowhere else. */
export function registerFeatures(app: FastifyInstance) {
  accountsRoutes(app);
  organizationsRoutes(app);
  membershipsRoutes(app);
  collectorRoutes(app);
  schedulingRoutes(app);
  workspaceRoutes(app);
  departmentsRoutes(app);
  classroomsRoutes(app);
  programsRoutes(app);
  goalsLibraryRoutes(app);
  dashboardsRoutes(app);
  peopleRoutes(app);
  rolesRoutes(app);
  servicesRoutes(app);
  auditRoutes(app);
}
