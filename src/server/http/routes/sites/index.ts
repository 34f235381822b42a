import type { FastifyPluginAsync } from 'fastify';
import { RollbackRequestSchema } from '../../../../shared/deployment';
import type { AppContext } from '../../../context';
import {
  deleteSite,
  getOwnedSite,
  listDeployments,
  listSites,
  rollbackSite,
} from '../../../domain/sites';
import { presentDeployment } from '../../../presenters/deployment';
import { presentSite } from '../../../presenters/site';
import { requireUser } from '../../auth';

type IdParams = { id: string };

export function siteRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/', async (request) => {
      const user = requireUser(request);
      const sites = await listSites(ctx.db, user);
      return { sites: sites.map((s) => presentSite(ctx.config, s)) };
    });

    app.get<{ Params: IdParams }>('/:id', async (request) => {
      const site = await getOwnedSite(ctx.db, requireUser(request), request.params.id);
      return { site: presentSite(ctx.config, site) };
    });

    app.get<{ Params: IdParams }>('/:id/deployments', async (request) => {
      const site = await getOwnedSite(ctx.db, requireUser(request), request.params.id);
      const deployments = await listDeployments(ctx.db, site.id);
      return { deployments: deployments.map((d) => presentDeployment(ctx.config, d, site)) };
    });

    app.delete<{ Params: IdParams }>('/:id', async (request) => {
      const site = await getOwnedSite(ctx.db, requireUser(request), request.params.id);
      await deleteSite(ctx, site);
      return { ok: true as const, siteId: site.id };
    });

    app.post<{ Params: IdParams }>('/:id/rollback', async (request) => {
      const site = await getOwnedSite(ctx.db, requireUser(request), request.params.id);
      const input = RollbackRequestSchema.parse(request.body ?? {});
      const done = await rollbackSite(ctx, site, input.deploymentId);
      return {
        site: presentSite(ctx.config, done.site),
        deployment: presentDeployment(ctx.config, done.deployment, done.site),
      };
    });
  };
}
