import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../../context';
import { newSignInState, SIGN_IN_STATE_TTL_MS } from '../../../domain/accounts/sign-in-codes';

// Names the browser that started a sign-in (domain/accounts/sign-in-codes.ts); only /api/auth sees it.
export const STATE_COOKIE = 'auth_state';
export const STATE_COOKIE_PATH = '/api/auth';

/** Starts a sign-in in this browser: the value the code it comes back with is bound to. */
export function setStateCookie(ctx: AppContext, reply: FastifyReply): string {
  const state = newSignInState();
  reply.setCookie(STATE_COOKIE, state, {
    httpOnly: true,
    // Lax: the provider sends the person back with a top-level GET from its own site.
    sameSite: 'lax',
    secure: ctx.config.appOrigin.startsWith('https:'),
    path: STATE_COOKIE_PATH,
    maxAge: SIGN_IN_STATE_TTL_MS / 1000,
  });
  return state;
}
