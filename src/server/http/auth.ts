import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_COOKIE, tokenFrom } from '../auth-token';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { sessionForToken } from '../domain/sessions';
import { unauthorized } from '../errors';
import { MCP_PATH } from './routes/mcp';

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: UserRow | null;
    authToken: string | null;
    sessionExpiresAt: string | null;
    sessionId: string | null;
  }
}

/** Resolves who is asking on every /api request, once. */
export function registerAuth(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('currentUser', null);
  app.decorateRequest('authToken', null);
  app.decorateRequest('sessionExpiresAt', null);
  app.decorateRequest('sessionId', null);
  app.addHook('preHandler', async (request) => {
    // /mcp: the MCP endpoint takes the same bearer tokens as the API.
    if (!request.url.startsWith('/api/') && request.url.split('?')[0] !== MCP_PATH) return;
    const token = tokenFrom({
      authorization: request.headers.authorization,
      cookie: request.headers.cookie,
    });
    if (!token) return;
    const found = await sessionForToken(ctx.db, token);
    if (!found) return;
    request.currentUser = found.user;
    request.authToken = token;
    request.sessionExpiresAt = found.expiresAt;
    request.sessionId = found.sessionId;
  });
}

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw unauthorized();
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
