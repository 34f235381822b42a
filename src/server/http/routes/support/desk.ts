import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  AssignRequestSchema,
  SupportMessageRequestSchema,
  type AdminConversationResponse,
  type AdminConversationsResponse,
  type SupportAttachmentResponse,
  type SupportMessageResponse,
} from '../../../../shared/support';
import type { AppContext } from '../../../context';
import { hasSecondFactor } from '../../../domain/accounts/two-factor';
import { assertOperatorSecondFactor, authorize } from '../../../domain/policy';
import { uploadAttachment } from '../../../domain/support/attachments';
import {
  answer,
  assign,
  conversationForOperator,
  deskList,
  openForOperator,
  setStatus,
} from '../../../domain/support/desk';
import {
  presentAttachment,
  presentDeskConversation,
  presentSupportMessage,
} from '../../../presenters/support';
import { requireActor, requireUser, routesDo } from '../../auth';
import { IdParamsSchema } from '../../params';
import { acceptScreenshots, screenshotOf } from './attachment-body';

/**
 * /api/admin/support: the Support tab of the operators' console. Like the rest of the console,
 * one hook refuses everyone but operators (with their second factor where required).
 */
export function deskRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    routesDo(app, 'support.answer');
    acceptScreenshots(app);
    app.addHook('preHandler', async (request) => {
      const actor = requireActor(request, ctx.config);
      authorize(actor, 'support.answer');
      await assertOperatorSecondFactor(ctx.config, actor.user, () =>
        hasSecondFactor(ctx.db, actor.user.id),
      );
    });
    const id = (request: FastifyRequest) => IdParamsSchema.parse(request.params).id;
    const line = (row: Parameters<typeof presentDeskConversation>[0]) => ({
      conversation: presentDeskConversation(row),
    });

    app.get('/conversations', async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      const rows = await deskList(ctx);
      return {
        conversations: rows.map(presentDeskConversation),
      } satisfies AdminConversationsResponse;
    });

    app.get('/conversations/:id', async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const { conversation, messages } = await openForOperator(ctx, id(request));
      return {
        conversation: {
          ...presentDeskConversation(conversation),
          messages: messages.map(presentSupportMessage),
        },
      } satisfies AdminConversationResponse;
    });

    app.post('/conversations/:id/messages', async (request, reply) => {
      const input = SupportMessageRequestSchema.parse(request.body ?? {});
      const message = await answer(ctx, requireUser(request), id(request), input);
      return reply
        .status(201)
        .send({ message: presentSupportMessage(message) } satisfies SupportMessageResponse);
    });

    app.post('/conversations/:id/attachments', async (request, reply) => {
      const operator = requireUser(request);
      const bytes = screenshotOf(request);
      const conversation = await conversationForOperator(ctx, id(request));
      const attachment = await uploadAttachment(ctx, conversation, operator, bytes);
      return reply
        .status(201)
        .send({ attachment: presentAttachment(attachment) } satisfies SupportAttachmentResponse);
    });

    app.post('/conversations/:id/assign', async (request) => {
      const { operatorId } = AssignRequestSchema.parse(request.body ?? {});
      return line(await assign(ctx, requireUser(request), id(request), operatorId));
    });

    app.post('/conversations/:id/close', async (request) =>
      line(await setStatus(ctx, id(request), 'CLOSED')),
    );

    app.post('/conversations/:id/reopen', async (request) =>
      line(await setStatus(ctx, id(request), 'OPEN')),
    );
  };
}
