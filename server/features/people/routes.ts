import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contract/people';
import { pageLinks } from '../../lib/pagination';
import { registerTxCall } from '../../lib/register-call';
import * as service from './service';

export function peopleRoutes(app: FastifyInstance) {
  registerTxCall(app, contract.listTherapists, async ({ tx, org, query, request }) => {
    const { count, results } = await service.therapists(tx, org, query);
    return { count, ...pageLinks(request.url, query.page, query.page_size, count), results };
  });
  registerTxCall(app, contract.listStudents, async ({ tx, org, query, request }) => {
    const { count, results } = await service.students(tx, org, query);
    return { count, ...pageLinks(request.url, query.page, query.page_size, count), results };
  });
  registerTxCall(app, contract.listParents, async ({ tx, org, query, request }) => {
    const { count, results } = await service.parents(tx, org, query);
    return { count, ...pageLinks(request.url, query.page, query.page_size, count), results };
  });
}
