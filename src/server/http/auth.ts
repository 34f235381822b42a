import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_COOKIE, tokenFrom } from '../auth-token';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { suspensionOfToken } from '../domain/operations/suspension';
import { sessionForToken } from '../domain/sessions';
import { accountSuspended, unauthorized } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: UserRow | null;
    authToken: string | null;
    sessionExpiresAt: string | null;
    sessionId: string | null;
    /**
     * Set when the token belongs to a suspended account (its session ended): `requireUser`
     * then refuses with why, rather than a bare 401; public routes answer as to anyone.
     */
    suspendedReason: string | null;
  }
}

/** Resolves who is asking on every /api request, once. */
export function registerAuth(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('currentUser', null);
  app.decorateRequest('authToken', null);
  app.decorateRequest('sessionExpiresAt', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('suspendedReason', null);
  app.addHook('preHandler', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = tokenFrom({
      authorization: request.headers.authorization,
      cookie: request.headers.cookie,
    });
    if (!token) return;
    const found = await sessionForToken(ctx.db, token);
    if (!found) {
      request.suspendedReason = await suspensionOfToken(ctx.db, token);
      return;
    }
    request.currentUser = found.user;
    request.authToken = token;
    request.sessionExpiresAt = found.expiresAt;
    request.sessionId = found.sessionId;
  });
}

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.currentUser) {
    if (request.suspendedReason !== null) throw accountSuspended(request.suspendedReason);
    throw unauthorized();
  }
  return request.currentUser;
}

export function setAuthCookie(
  ctx: AppContext,
  reply: FastifyReply,
  token: string,
  expiresAt: string,
): void {
  // No Domain attribute: the cookie stays on the app host, so sites on subdomains never see it.
  reply.setCookie(AUTH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.appOrigin.startsWith('https:'),
    path: '/',
    expires: new Date(expiresAt),
  });
}

export function clearAuthCookie(reply: FastifyReply): void {
  reply.clearCookie(AUTH_COOKIE, { path: '/' });
}
