import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { sessionForToken } from '../domain/sessions';
import { unauthorized } from '../errors';

export const AUTH_COOKIE = 'auth_token';

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: UserRow | null;
    authToken: string | null;
    sessionExpiresAt: string | null;
  }
}

/** The token a request carries: the bearer header wins over the cookie. */
export function tokenFrom(
  headers: { authorization?: string },
  cookies: Record<string, string | undefined>,
): string | null {
  const header = headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const token = header.slice(7).trim();
    if (token && token !== 'null' && token !== 'undefined') return token;
  }
  return cookies[AUTH_COOKIE] || null;
}

/** Resolves who is asking on every /api request, once. */
export function registerAuth(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('currentUser', null);
  app.decorateRequest('authToken', null);
  app.decorateRequest('sessionExpiresAt', null);
  app.addHook('preHandler', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = tokenFrom(request.headers, request.cookies);
    if (!token) return;
    const found = await sessionForToken(ctx.db, token);
    if (!found) return;
    request.currentUser = found.user;
    request.authToken = token;
    request.sessionExpiresAt = found.expiresAt;
  });
}

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw unauthorized();
  return request.currentUser;
}

export function optionalUser(request: FastifyRequest): UserRow | null {
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
