import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CreateShareLinkResponse, ShareLinksResponse } from '../../../../shared/site-access';
import type { SiteResponse } from '../../../../shared/site';
import type { AppContext } from '../../../context';
import { ownedSite } from '../../../domain/policy';
import {
  changeAccess,
  createShareLink,
  listShareLinks,
  revokeShareLink,
} from '../../../domain/sites/site-access';
import { noteOnTeamSite } from '../../../domain/teams/activity';
import { presentSite } from '../../../presenters/site';
import { requireUser } from '../../auth';
import { IdParamsSchema } from '../../params';

const LinkParamsSchema = IdParamsSchema.extend({
  linkId: z.string().min(1).max(100, 'The share link id is not valid.'),
});

/**
 * Private sites: PUT /api/sites/:id/access { password: string | null }, and the share links at
 * /api/sites/:id/share-links (GET, POST → 201, DELETE /:linkId → 204).
 */
export function siteAccessRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const config = { config: { action: 'sites.access' as const } };
    const siteOf = (request: FastifyRequest) =>
      ownedSite(
        ctx.db,
        requireUser(request),
        IdParamsSchema.parse(request.params).id,
        'sites.access',
      );

    app.put('/:id/access', config, async (request) => {
      const user = requireUser(request);
      const site = await siteOf(request);
      const changed = await changeAccess(ctx, site, request.body);
      const body = request.body as { password?: unknown } | undefined;
      await noteOnTeamSite(
        ctx.db,
        changed,
        user,
        'site.access-changed',
        body?.password === null
          ? 'made public'
          : site.access_password_hash
            ? 'changed the password of'
            : 'set a password on',
      );
      return { site: presentSite(ctx.config, changed) } satisfies SiteResponse;
    });

    app.get('/:id/share-links', config, async (request) => {
      const site = await siteOf(request);
      return { shareLinks: await listShareLinks(ctx, site) } satisfies ShareLinksResponse;
    });

    app.post('/:id/share-links', config, async (request, reply) => {
      const user = requireUser(request);
      const site = await siteOf(request);
      const made = await createShareLink(ctx, site, user.id, request.body);
      await noteOnTeamSite(ctx.db, site, user, 'site.access-changed', 'made a share link of');
      return reply.code(201).send({ shareLink: made.shareLink } satisfies CreateShareLinkResponse);
    });

    app.delete('/:id/share-links/:linkId', config, async (request, reply) => {
      const user = requireUser(request);
      const site = await siteOf(request);
      const { linkId } = LinkParamsSchema.parse(request.params);
      await revokeShareLink(ctx, site, linkId);
      await noteOnTeamSite(ctx.db, site, user, 'site.access-changed', 'revoked a share link of');
      return reply.code(204).send();
    });
  };
}
