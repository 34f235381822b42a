import type { FastifyPluginAsync } from 'fastify';
import type { SiteResponse } from '../../../../shared/site';
import type { AppContext } from '../../../context';
import { ownedSite } from '../../../domain/policy';
import { changeVersionLinks } from '../../../domain/sites/version-links';
import { noteOnTeamSite } from '../../../domain/teams/activity';
import { presentSite } from '../../../presenters/site';
import { requireUser } from '../../auth';
import { IdParamsSchema } from '../../params';

/** PUT /api/sites/:id/version-links { enabled }: each version's own link, on or off. */
export function versionLinkRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.put(
      '/:id/version-links',
      { config: { action: 'sites.version-links' } },
      async (request) => {
        const user = requireUser(request);
        const { id } = IdParamsSchema.parse(request.params);
        const site = await ownedSite(ctx.db, user, id, 'sites.version-links');
        const changed = await changeVersionLinks(ctx, site, request.body);
        await noteOnTeamSite(
          ctx.db,
          site,
          user,
          'site.version-links-changed',
          `turned ${changed.version_links_enabled ? 'on' : 'off'} the version links of`,
        );
        return { site: presentSite(ctx.config, changed) } satisfies SiteResponse;
      },
    );
  };
}
