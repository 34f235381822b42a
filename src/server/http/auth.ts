import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_COOKIE, tokenFrom } from '../auth-token';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import type { AccessTokenScope } from '../../shared/access-token';
import { assertScopeAllows } from '../domain/access-token-scopes';
import { isAccessTokenSecret, resolveAccessToken } from '../domain/access-tokens';
import { suspensionOfToken } from '../domain/operations/suspension';
import { sessionForToken } from '../domain/sessions';
import { accountSuspended, forbidden, unauthorized } from '../errors';
import { MCP_PATH } from './routes/mcp';

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: UserRow | null;
    authToken: string | null;
    sessionExpiresAt: string | null;
    sessionId: string | null;
    /** Set when an access token (not a session) authenticated the request. */
    accessTokenScope: AccessTokenScope | null;
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
  app.decorateRequest('accessTokenScope', null);
  app.decorateRequest('suspendedReason', null);
  app.addHook('preHandler', async (request) => {
    // /mcp: the MCP endpoint takes the same bearer tokens as the API.
    if (!request.url.startsWith('/api/') && request.url.split('?')[0] !== MCP_PATH) return;
    const token = tokenFrom({
      authorization: request.headers.authorization,
      cookie: request.headers.cookie,
    });
    if (!token) return;
    if (isAccessTokenSecret(token)) {
      // A token speaks for its user only within its scope; it never counts as a session.
      const resolved = await resolveAccessToken(ctx.db, token);
      assertScopeAllows(resolved.scope, request.method, request.routeOptions.url ?? request.url);
      request.currentUser = resolved.user;
      request.accessTokenScope = resolved.scope;
      return;
    }
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

/**
 * Who is asking, for calls that also serve requests with no credentials at all (a guest deploy
 * through the API). Credentials that were sent but not accepted, such as an expired session,
 * still answer 401: that browser must sign in again, not become a stranger's guest.
 */
export function userOrNobody(request: FastifyRequest): UserRow | null {
  if (request.currentUser) return request.currentUser;
  const sent = tokenFrom({
    authorization: request.headers.authorization,
    cookie: request.headers.cookie,
  });
  return sent ? requireUser(request) : null;
}

/** Managing tokens, the password and the like needs a person signed in, not a token. */
export function requireSessionUser(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (request.accessTokenScope) {
    throw forbidden('Access tokens can only be managed from a signed-in session in the app.');
  }
  return user;
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
