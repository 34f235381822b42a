import type { FastifyPluginAsync } from 'fastify';
import {
  CreateAccessTokenRequestSchema,
  type AccessTokensResponse,
  type CreateAccessTokenResponse,
  type RevokeAccessTokenResponse,
} from '../../../../shared/access-token';
import type { AppContext } from '../../../context';
import {
  createAccessToken,
  listAccessTokens,
  revokeAccessToken,
} from '../../../domain/credentials/access-tokens';
import { presentAccessToken, presentCreatedAccessToken } from '../../../presenters/access-token';
import { requireSessionUser, routesDo } from '../../auth';
import { IdParamsSchema } from '../../params';

// Access tokens for scripts and the CLI. Only a signed-in session manages them: a token that
// could mint tokens would outlive its own revocation.
export function tokenRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    routesDo(app, 'access-tokens.manage');
    app.get('/', async (request) => {
      const rows = await listAccessTokens(ctx.db, requireSessionUser(request));
      return { tokens: rows.map(presentAccessToken) } satisfies AccessTokensResponse;
    });

    app.post('/', async (request, reply) => {
      const user = requireSessionUser(request);
      const input = CreateAccessTokenRequestSchema.parse(request.body ?? {});
      const created = presentCreatedAccessToken(await createAccessToken(ctx.db, user, input));
      return reply.status(201).send(created satisfies CreateAccessTokenResponse);
    });

    app.delete('/:id', async (request) => {
      const user = requireSessionUser(request);
      const { id } = IdParamsSchema.parse(request.params);
      await revokeAccessToken(ctx, user, id);
      return { ok: true, id } satisfies RevokeAccessTokenResponse;
    });
  };
}
