import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_COOKIE, tokenFrom } from '../auth-token';
import type { Config } from '../config';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import type { AccessTokenScope } from '../../shared/access-token';
import { authorize, isOperator, type Action, type Actor } from '../domain/policy';
import { whoIsAsking } from '../domain/policy/who-is-asking';
import { unauthorized, type AppError } from '../errors';
import { MCP_PATH } from './paths';

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: UserRow | null;
    authToken: string | null;
    sessionExpiresAt: string | null;
    sessionId: string | null;
    /** Set when an access token (not a session) authenticated the request. */
    accessTokenScope: AccessTokenScope | null;
    /**
     * Why a session that was sent is not accepted (its account was suspended, or it ended):
     * `requireUser` then refuses with it; public routes answer as to anyone.
     */
    credentialRefusal: AppError | null;
  }
  interface FastifyContextConfig {
    /** What the route does, in the policy's words: access tokens are judged by it. */
    action?: Action;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Areas whose routes all do one thing: an unknown path there is judged as that thing, so a
 * token learns nothing by probing the operators' console for paths.
 */
const AREAS: ReadonlyArray<readonly [string, Action]> = [
  ['/api/admin', 'admin.console'],
  ['/api/tokens', 'access-tokens.manage'],
];

/** Gives every route of the plugin `app` the action `action`, unless it names its own. */
export function routesDo(app: FastifyInstance, action: Action): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, action: route.config?.action ?? action };
  });
}

/** The action a request asks for: its route's, or its area's, or a read or a change. */
function actionOf(request: FastifyRequest): Action {
  const declared = request.routeOptions.config?.action;
  if (declared) return declared;
  if (request.is404) {
    const path = request.url.split('?')[0]!;
    const area = AREAS.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`));
    if (area) return area[1];
  }
  return READS.has(request.method) ? 'api.read' : 'api.change';
}

/** Resolves who is asking on every /api request, once. */
export function registerAuth(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('currentUser', null);
  app.decorateRequest('authToken', null);
  app.decorateRequest('sessionExpiresAt', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('accessTokenScope', null);
  app.decorateRequest('credentialRefusal', null);
  app.addHook('preHandler', async (request) => {
    // /mcp: the MCP endpoint takes the same bearer tokens as the API.
    if (!request.url.startsWith('/api/') && request.url.split('?')[0] !== MCP_PATH) return;
    const token = tokenFrom({
      authorization: request.headers.authorization,
      cookie: request.headers.cookie,
    });
    const asking = await whoIsAsking(ctx.db, token);
    switch (asking.kind) {
      case 'nobody':
        return;
      case 'token':
        // A token speaks for its user only within its scope; it never counts as a session.
        authorize(
          { user: asking.user, credential: { kind: 'token', scope: asking.scope } },
          actionOf(request),
        );
        request.currentUser = asking.user;
        request.accessTokenScope = asking.scope;
        return;
      case 'session':
        request.currentUser = asking.user;
        request.authToken = token;
        request.sessionExpiresAt = asking.expiresAt;
        request.sessionId = asking.sessionId;
        return;
      case 'refused':
        // A token that does not work is an error for any call; a session that ended leaves
        // public routes open.
        if (asking.credential === 'token') throw asking.error;
        request.credentialRefusal = asking.error;
    }
  });
}

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw request.credentialRefusal ?? unauthorized();
  return request.currentUser;
}

/**
 * The signed-in person and how they proved it, for the policy to judge. With the
 * configuration, whether they are an operator is worked out too.
 */
export function requireActor(request: FastifyRequest, config?: Config): Actor {
  const user = requireUser(request);
  return {
    user,
    credential: request.accessTokenScope
      ? { kind: 'token', scope: request.accessTokenScope }
      : { kind: 'session' },
    operator: config ? isOperator(config, user) : false,
  };
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
  const actor = requireActor(request);
  authorize(actor, 'account.credentials');
  return actor.user;
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
