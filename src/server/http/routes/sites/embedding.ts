import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { EmbeddingResponse } from '../../../../shared/embed';
import type { AppContext } from '../../../context';
import type { SiteRow } from '../../../db/schema';
import { ownedSite } from '../../../domain/policy';
import { changeEmbedding, embedOriginsOf } from '../../../domain/sites/site-embedding';
import { noteOnTeamSite } from '../../../domain/teams/activity';
import { requireUser } from '../../auth';
import { IdParamsSchema } from '../../params';

/** Who may frame a site: GET/PUT /api/sites/:id/embedding { allowedOrigins: string[] | null }. */
export function embeddingRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const siteOf = (request: FastifyRequest, action: 'sites.view' | 'sites.change') =>
      ownedSite(ctx.db, requireUser(request), IdParamsSchema.parse(request.params).id, action);
    const answer = (site: SiteRow) =>
      ({ embedding: { allowedOrigins: embedOriginsOf(site) } }) satisfies EmbeddingResponse;

    app.get('/:id/embedding', async (request) => answer(await siteOf(request, 'sites.view')));

    app.put('/:id/embedding', { config: { action: 'sites.change' } }, async (request) => {
      const user = requireUser(request);
      const site = await siteOf(request, 'sites.change');
      const changed = await changeEmbedding(ctx, site, request.body as never);
      await noteOnTeamSite(
        ctx.db,
        changed,
        user,
        'site.page-settings-changed',
        'changed who may embed',
      );
      return answer(changed);
    });
  };
}
