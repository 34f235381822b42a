import type { FastifyPluginAsync } from 'fastify';
import { ContactRequestSchema, type ContactResponse } from '../../../../shared/support';
import type { AppContext } from '../../../context';
import { fileContactTicket } from '../../../domain/support/tickets';
import { clientAddress } from '../../rate-limits';

/** POST /api/contact: the public contact form; signed in or not. */
export function contactRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.post('/', async (request, reply) => {
      const input = ContactRequestSchema.parse(request.body ?? {});
      const ticket = await fileContactTicket(ctx, input, clientAddress(request));
      return reply.status(201).send({
        ticket: { id: ticket.id, reference: ticket.reference },
      } satisfies ContactResponse);
    });
  };
}
