import type { FastifyPluginAsync } from 'fastify';
import {
  DeleteAccountRequestSchema,
  ForgotPasswordRequestSchema,
  NotificationSettingsSchema,
  ResetPasswordRequestSchema,
  type EndSessionsResponse,
  type ForgotPasswordResponse,
  type NotificationSettings,
  type ResetPasswordResponse,
  type SessionsResponse,
} from '../../../../shared/account';
import type { AppContext } from '../../../context';
import { deleteAccount } from '../../../domain/accounts/account-deletion';
import { getNotifications, setNotifications } from '../../../domain/accounts/notifications';
import {
  PASSWORD_RESET_DONE,
  PASSWORD_RESET_REQUESTED,
  requestPasswordReset,
  resetPassword,
} from '../../../domain/accounts/password-resets';
import { endOtherSessions, endSession, listSessions } from '../../../domain/accounts/sessions';
import { unauthorized } from '../../../errors';
import { presentSession } from '../../../presenters/session';
import { clearAuthCookie, requireUser } from '../../auth';
import { passwordResetLimits, rateLimits } from '../../rate-limits';

// The account side of Settings (sessions, deletion, notifications) and 'Forgot your password?'.
export function accountRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const limits = rateLimits(ctx.config);

    app.post(
      '/forgot-password',
      { preHandler: passwordResetLimits(app, ctx.config).preHandler },
      async (request) => {
        const { email } = ForgotPasswordRequestSchema.parse(request.body ?? {});
        await requestPasswordReset(ctx, email);
        return { message: PASSWORD_RESET_REQUESTED } satisfies ForgotPasswordResponse;
      },
    );

    app.post('/reset-password', { config: { rateLimit: limits.signIn } }, async (request) => {
      const input = ResetPasswordRequestSchema.parse(request.body ?? {});
      await resetPassword(ctx, input);
      return { message: PASSWORD_RESET_DONE } satisfies ResetPasswordResponse;
    });

    app.get('/sessions', async (request) => {
      const rows = await listSessions(ctx, requireUser(request));
      const sessions = rows.map((row) => presentSession(row, request.sessionId));
      return { sessions } satisfies SessionsResponse;
    });

    app.delete('/sessions/:id', async (request, reply) => {
      const { id } = request.params as { id: string };
      await endSession(ctx, requireUser(request), id);
      return reply.status(204).send();
    });

    app.delete('/sessions', async (request) => {
      const user = requireUser(request);
      if (!request.sessionId) throw unauthorized();
      return (await endOtherSessions(ctx, user, request.sessionId)) satisfies EndSessionsResponse;
    });

    app.delete('/me', async (request, reply) => {
      const user = requireUser(request);
      const { email } = DeleteAccountRequestSchema.parse(request.body ?? {});
      await deleteAccount(ctx, user, email);
      clearAuthCookie(reply);
      return { ok: true };
    });

    app.get(
      '/notifications',
      async (request) => getNotifications(requireUser(request)) satisfies NotificationSettings,
    );

    app.put('/notifications', async (request) => {
      const user = requireUser(request);
      const input = NotificationSettingsSchema.parse(request.body ?? {});
      return (await setNotifications(ctx, user, input)) satisfies NotificationSettings;
    });
  };
}
