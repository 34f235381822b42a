import type { FastifyPluginAsync } from 'fastify';
import type { DeployResponse } from '../../../../shared/deployment';
import { RemixRequestSchema, type RemixOriginalResponse } from '../../../../shared/remix';
import type { SiteResponse } from '../../../../shared/site';
import type { AppContext } from '../../../context';
import { ownedSite, remixableSite } from '../../../domain/policy';
import { changeRemixing, remixSite } from '../../../domain/sites/remixes';
import { noteOnTeamSite } from '../../../domain/teams/activity';
import { presentDeployment } from '../../../presenters/deployment';
import { presentSite } from '../../../presenters/site';
import { requireUser, userOrNobody } from '../../auth';
import { IdParamsSchema } from '../../params';
import { clientAddress, deployLimits } from '../../rate-limits';

/**
 * Remix: PUT /api/sites/:id/remix { allowed } (the owner's switch); GET /api/sites/:id/remix
 * (what the remix page shows of the original, to anyone who could remix it, signed in or not);
 * POST /api/sites/:id/remix { subdomain } → 201 { site, deployment }, a new site of the asker's
 * (a guest's: 24 hours) built from the original's live source.
 */
export function remixRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const limited = deployLimits(app, ctx.config, ctx.rates);

    app.put('/:id/remix', { config: { action: 'sites.remixing' } }, async (request) => {
      const user = requireUser(request);
      const { id } = IdParamsSchema.parse(request.params);
      const site = await ownedSite(ctx.db, user, id, 'sites.remixing');
      const changed = await changeRemixing(ctx, site, request.body);
      await noteOnTeamSite(
        ctx.db,
        site,
        user,
        'site.remixing-changed',
        `${changed.remix_allowed ? 'allowed' : 'stopped'} remixing of`,
      );
      return { site: presentSite(ctx.config, changed) } satisfies SiteResponse;
    });

    app.get('/:id/remix', async (request) => {
      const { id } = IdParamsSchema.parse(request.params);
      const { site, own } = await remixableSite(ctx.db, userOrNobody(request), id);
      const shown = presentSite(ctx.config, site);
      return {
        original: { id: site.id, name: site.name, subdomain: site.subdomain, url: shown.url, own },
      } satisfies RemixOriginalResponse;
    });

    app.post(
      '/:id/remix',
      { ...limited, config: { action: 'sites.remix' } },
      async (request, reply) => {
        const user = requireUser(request);
        const { id } = IdParamsSchema.parse(request.params);
        const { site: original } = await remixableSite(ctx.db, user, id);
        const body = RemixRequestSchema.parse(request.body ?? {});
        const started = await remixSite(ctx, user, original, body, clientAddress(request));
        const shown = presentSite(ctx.config, started.site);
        return reply.status(201).send({
          deployment: presentDeployment(ctx.config, started.deployment, started.site),
          site: { id: shown.id, url: shown.url, subdomain: shown.subdomain, name: shown.name },
        } satisfies DeployResponse);
      },
    );
  };
}
