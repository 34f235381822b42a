import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  SupportMessageRequestSchema,
  type ConversationResponse,
  type SupportAttachmentResponse,
  type SupportMessageResponse,
} from '../../../../shared/support';
import type { AppContext } from '../../../context';
import { authorize } from '../../../domain/policy';
import { uploadAttachment, attachmentToShow } from '../../../domain/support/attachments';
import {
  chatOf,
  confirmAnswersSeen,
  openChat,
  sendChatMessage,
} from '../../../domain/support/chat';
import { presentAttachment, presentSupportMessage } from '../../../presenters/support';
import { requireActor, requireUser, routesDo } from '../../auth';
import { IdParamsSchema } from '../../params';
import { acceptScreenshots, screenshotOf, sendScreenshot } from './attachment-body';

const SeenRequestSchema = z.object({ until: z.iso.datetime({ error: 'A time is required.' }) });

/** /api/support: a signed-in person's own conversation with support. */
export function supportRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    routesDo(app, 'support.chat');
    acceptScreenshots(app);
    app.addHook('preHandler', async (request) => {
      authorize(requireActor(request, ctx.config), 'support.chat');
    });

    app.get('/conversation', async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const { conversation, messages } = await openChat(ctx, requireUser(request));
      return {
        conversation: {
          id: conversation.id,
          reference: conversation.reference,
          status: conversation.status,
          messages: messages.map(presentSupportMessage),
        },
      } satisfies ConversationResponse;
    });

    app.post('/messages', async (request, reply) => {
      const input = SupportMessageRequestSchema.parse(request.body ?? {});
      const message = await sendChatMessage(ctx, requireUser(request), input);
      return reply
        .status(201)
        .send({ message: presentSupportMessage(message) } satisfies SupportMessageResponse);
    });

    // The open screen showed the operators' answers up to `until`: they are not e-mailed.
    app.post('/seen', async (request, reply) => {
      const { until } = SeenRequestSchema.parse(request.body ?? {});
      await confirmAnswersSeen(ctx, requireUser(request), until);
      return reply.status(204).send();
    });

    app.post('/attachments', async (request, reply) => {
      const user = requireUser(request);
      const bytes = screenshotOf(request);
      const attachment = await uploadAttachment(ctx, await chatOf(ctx, user), user, bytes);
      return reply
        .status(201)
        .send({ attachment: presentAttachment(attachment) } satisfies SupportAttachmentResponse);
    });

    // Both sides fetch pictures here; the policy lets the conversation's person and operators.
    app.get('/attachments/:id', async (request, reply) => {
      const { id } = IdParamsSchema.parse(request.params);
      return sendScreenshot(reply, await attachmentToShow(ctx, requireUser(request), id));
    });
  };
}
