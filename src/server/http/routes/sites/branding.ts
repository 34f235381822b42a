import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  BRANDING_IMAGE_RULES,
  BrandingImageKindSchema,
  type BrandingResponse,
} from '../../../../shared/branding';
import type { AppContext } from '../../../context';
import { ownedSite } from '../../../domain/policy';
import {
  changeBranding,
  removeBrandingPicture,
  setBrandingPicture,
} from '../../../domain/sites/site-branding';
import { notFound, unsupportedMediaType } from '../../../errors';
import type { SiteRow } from '../../../db/schema';
import { noteOnTeamSite } from '../../../domain/teams/activity';
import { presentBranding } from '../../../presenters/site-branding';
import { requireUser } from '../../auth';
import { IdParamsSchema } from '../../params';

const PictureParamsSchema = IdParamsSchema.extend({ kind: BrandingImageKindSchema });
const LARGEST_PICTURE = Math.max(...Object.values(BRANDING_IMAGE_RULES).map((r) => r.maxBytes));

/**
 * A site's page settings: GET/PUT /api/sites/:id/branding, and its two pictures as raw bytes at
 * PUT/DELETE /api/sites/:id/branding/{image,icon}. The picture parser lives in this plugin alone,
 * so every other route keeps parsing JSON only.
 */
export function brandingRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser(
      /^(image\/|application\/octet-stream)/,
      { parseAs: 'buffer', bodyLimit: LARGEST_PICTURE + 1 },
      (_request, body, done) => done(null, body),
    );

    const siteOf = (
      request: FastifyRequest,
      action: 'sites.view' | 'sites.change' = 'sites.view',
    ) => ownedSite(ctx.db, requireUser(request), IdParamsSchema.parse(request.params).id, action);
    const change = { config: { action: 'sites.change' } } as const;
    const answer = (site: Parameters<typeof presentBranding>[1]) =>
      ({ branding: presentBranding(ctx.config, site) }) satisfies BrandingResponse;
    // A change to a team site's page settings goes into the team's log.
    const noted = async (request: FastifyRequest, site: SiteRow, what: string) => {
      await noteOnTeamSite(ctx.db, site, requireUser(request), 'site.page-settings-changed', what);
      return answer(site);
    };

    app.get('/:id/branding', async (request) => answer(await siteOf(request)));

    app.put('/:id/branding', change, async (request) => {
      const user = requireUser(request);
      const site = await siteOf(request, 'sites.change');
      const changed = await changeBranding(ctx, user, site, request.body as never);
      return noted(request, changed, 'changed the page settings of');
    });

    app.put('/:id/branding/:kind', change, async (request) => {
      const { kind } = PictureParamsSchema.parse(request.params);
      const site = await siteOf(request, 'sites.change');
      if (!Buffer.isBuffer(request.body)) {
        throw unsupportedMediaType(
          `Send the ${BRANDING_IMAGE_RULES[kind].label} as the request body, with its image Content-Type.`,
        );
      }
      const changed = await setBrandingPicture(ctx, site, kind, request.body);
      return noted(request, changed, `set the ${BRANDING_IMAGE_RULES[kind].label} of`);
    });

    // The picture as saved, for the owner's app (it shows no image from another host).
    app.get('/:id/branding/:kind', async (request, reply) => {
      const { kind } = PictureParamsSchema.parse(request.params);
      const site = await siteOf(request);
      const sha256 = kind === 'image' ? site.brand_image_sha256 : site.brand_icon_sha256;
      const type = kind === 'image' ? site.brand_image_type : site.brand_icon_type;
      const bytes = sha256 && type ? await ctx.blobs.get(sha256) : null;
      if (!bytes || !type) throw notFound(`This site has no ${BRANDING_IMAGE_RULES[kind].label}.`);
      return reply
        .header('content-type', type)
        .header('cache-control', 'private, no-cache')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(bytes);
    });

    app.delete('/:id/branding/:kind', change, async (request) => {
      const { kind } = PictureParamsSchema.parse(request.params);
      const site = await siteOf(request, 'sites.change');
      const changed = await removeBrandingPicture(ctx, site, kind);
      return noted(request, changed, `removed the ${BRANDING_IMAGE_RULES[kind].label} of`);
    });
  };
}
