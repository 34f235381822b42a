import type { FastifyPluginAsync } from 'fastify';
import {
  ChangeEmailRequestSchema,
  LinkAccountRequestSchema,
  VerifyEmailRequestSchema,
  type EmailSentResponse,
  type LinkAccountResponse,
  type LinkRequestInfo,
  type VerifyEmailResponse,
} from '../../../../shared/email-verification';
import type { AppContext } from '../../../context';
import {
  confirmEmailLink,
  requestEmailChange,
  resendVerificationLink,
} from '../../../domain/accounts/email-verification';
import { completeLink, linkRequestInfo } from '../../../domain/accounts/social-link';
import { unauthorized } from '../../../errors';
import { requireSessionUser } from '../../auth';
import { clientAddress, rateLimits } from '../../rate-limits';
import { STATE_COOKIE } from './state-cookie';
import { z } from 'zod';

const LinkQuery = z.object({ token: z.string().min(1).max(200) });

// E-mail ownership: the link that proves an address, "Resend link", a change of address from
// Settings → Profile, and connecting a social sign-in to a password account that never proved
// its address (asked for that account's password first).
export function emailRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const limits = rateLimits(ctx.config);

    // No session needed: the link may be opened on another device; the token is the proof.
    app.post('/verify-email', { config: { rateLimit: limits.signIn } }, async (request) => {
      const { token } = VerifyEmailRequestSchema.parse(request.body ?? {});
      const { user, message } = await confirmEmailLink(ctx, token);
      return { message, email: user.email } satisfies VerifyEmailResponse;
    });

    app.post('/resend-verification', async (request) => {
      const user = requireSessionUser(request);
      return { message: await resendVerificationLink(ctx, user) } satisfies EmailSentResponse;
    });

    app.post('/email', { config: { rateLimit: limits.signIn } }, async (request) => {
      const user = requireSessionUser(request);
      if (!request.sessionId) throw unauthorized();
      const input = ChangeEmailRequestSchema.parse(request.body ?? {});
      const message = await requestEmailChange(ctx, user, request.sessionId, input);
      return { message } satisfies EmailSentResponse;
    });

    app.get('/link', { config: { rateLimit: limits.signIn } }, async (request) => {
      const { token } = LinkQuery.parse(request.query ?? {});
      const info = await linkRequestInfo(ctx.db, token, request.cookies[STATE_COOKIE] ?? null);
      return info satisfies LinkRequestInfo;
    });

    app.post('/link', { config: { rateLimit: limits.signIn } }, async (request) => {
      const input = LinkAccountRequestSchema.parse(request.body ?? {});
      const linked = await completeLink(ctx.db, input, {
        ip: clientAddress(request),
        browserState: request.cookies[STATE_COOKIE] ?? null,
      });
      return {
        provider: linked.provider,
        user: { email: linked.user.email },
      } satisfies LinkAccountResponse;
    });
  };
}
