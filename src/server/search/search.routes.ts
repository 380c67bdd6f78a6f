import type { FastifyInstance } from 'fastify';
import * as searchCalls from '../../core/api/search';
import { typed } from '../http/contract';
import { search } from './search.service';

/**
 * The top bar's search (docs/design.md §23): for every signed-in member of staff; what it finds is limited to what
 * their menu lets them open (search.service.ts).
 */
export async function searchRoutes(app: FastifyInstance): Promise<void> {
  typed(app).route(searchCalls.search, async (request) => search(request.tenant, request.session!, request.body.q));
}
