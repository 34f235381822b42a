import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { LoginRequestSchema, RegisterRequestSchema } from '../../../../shared/user';
import type { AppContext } from '../../../context';
import { createGuest, login, register, type SignedIn } from '../../../domain/accounts';
import { revokeSession } from '../../../domain/sessions';
import { notFound } from '../../../errors';
import { presentUser } from '../../../presenters/user';
import { clearAuthCookie, requireUser, setAuthCookie } from '../../auth';

const SOCIAL_PROVIDERS: Record<string, string> = { github: 'GitHub', google: 'Google' };

const userAgent = (r: FastifyRequest) => r.headers['user-agent'] ?? null;

export function authRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const answer = (signedIn: SignedIn) => ({
      token: signedIn.session.token,
      user: presentUser(signedIn.user),
    });

    app.post('/register', async (request, reply) => {
      const input = RegisterRequestSchema.parse(request.body ?? {});
      const signedIn = await register(ctx.db, ctx.config, input, userAgent(request));
      setAuthCookie(ctx, reply, signedIn.session.token, signedIn.session.expiresAt);
      return reply.status(201).send(answer(signedIn));
    });

    app.post('/login', async (request, reply) => {
      const input = LoginRequestSchema.parse(request.body ?? {});
      const signedIn = await login(ctx.db, ctx.config, input, {
        ip: request.ip,
        userAgent: userAgent(request),
      });
      setAuthCookie(ctx, reply, signedIn.session.token, signedIn.session.expiresAt);
      return answer(signedIn);
    });

    app.post('/guest', async (request, reply) => {
      const signedIn = await createGuest(ctx.db, userAgent(request));
      setAuthCookie(ctx, reply, signedIn.session.token, signedIn.session.expiresAt);
      return reply.status(201).send(answer(signedIn));
    });

    app.get('/me', async (request) => ({ user: presentUser(requireUser(request)) }));

    // Social sign-in needs an OAuth app registered by whoever runs this installation; until
    // one is configured the button returns to the app with an honest reason.
    app.get('/:provider', async (request, reply) => {
      const { provider } = request.params as { provider: string };
      const label = SOCIAL_PROVIDERS[provider];
      if (!label) throw notFound();
      const error = `${label} sign-in is not set up on this server yet. Please use email and password.`;
      const query = new URLSearchParams({ provider, error });
      return reply.redirect(`${ctx.config.appOrigin}/auth/callback?${query}`);
    });

    app.post('/logout', async (request, reply) => {
      if (request.authToken) await revokeSession(ctx.db, request.authToken);
      clearAuthCookie(reply);
      return { ok: true };
    });
  };
}
