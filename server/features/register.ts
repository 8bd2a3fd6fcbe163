import type { FastifyInstance } from 'fastify';
import { accountsRoutes } from './accounts/routes';
import { organizationsRoutes } from './organizations/routes';
import { membershipsRoutes } from './memberships/routes';

/** Every feature's routes, registered from the contract. Add a feature here and nowhere else. */
export function registerFeatures(app: FastifyInstance) {
  accountsRoutes(app);
  organizationsRoutes(app);
  membershipsRoutes(app);
}
