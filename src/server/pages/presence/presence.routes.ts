import type { FastifyInstance } from 'fastify';
import * as presence from '../../../core/api/presence';
import { typed } from '../../http/contract';
import { editingLocale } from '../languages/editing-locale';
import { leaveEditing, noteEditing } from './presence.service';

/** "Someone else is editing" (docs/design.md §26): who may call them is the page's save rule (`editsPage`). */
export async function presenceRoutes(app: FastifyInstance): Promise<void> {
  const api = typed(app);
  api.route(presence.noteEditing, async (request) =>
    noteEditing(
      request.tenant,
      request.editedPage!,
      request.session!,
      new Date(),
      await editingLocale(request.tenant, request.query.locale),
    ),
  );
  api.route(presence.leaveEditing, async (request) =>
    leaveEditing(
      request.tenant,
      request.editedPage!,
      request.session!,
      await editingLocale(request.tenant, request.query.locale),
    ),
  );
}
