import type { FastifyPluginAsync } from 'fastify';
import type { DeployResponse } from '../../../../shared/deployment';
import { MAX_UPLOAD_BYTES } from '../../../../shared/limits';
import { EditDeployRequestSchema, SourceQuerySchema } from '../../../../shared/site-source';
import type { AppContext } from '../../../context';
import { ownedSite } from '../../../domain/policy';
import { deployEdit, readSiteSource } from '../../../domain/deployments/source-edits';
import { presentDeployment } from '../../../presenters/deployment';
import { presentSite } from '../../../presenters/site';
import { presentSiteSource } from '../../../presenters/site-source';
import { requireUser } from '../../auth';
import { IdParamsSchema } from '../../params';
import { clientAddress, deployLimits } from '../../rate-limits';

/**
 * The edited files of a zip as JSON: up to an upload's worth of text, with room for JSON's
 * escapes of ordinary code. The rebuilt source is bounded again by the domain.
 */
const EDIT_BODY_LIMIT = 2 * MAX_UPLOAD_BYTES + 64 * 1024;

/**
 * Edit in the browser: GET /api/sites/:id/source[?deploymentId=] reads a version's source
 * (anyone who may view the site); POST /api/sites/:id/edits deploys an edit of it as the next
 * version (those who may deploy).
 */
export function sourceRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const limited = deployLimits(app, ctx.config, ctx.rates);

    app.get('/:id/source', { config: { action: 'sites.view' } }, async (request) => {
      const site = await ownedSite(
        ctx.db,
        requireUser(request),
        IdParamsSchema.parse(request.params).id,
        'sites.view',
      );
      const { deploymentId } = SourceQuerySchema.parse(request.query ?? {});
      const read = await readSiteSource(ctx, site, deploymentId);
      return presentSiteSource(site, read.deployment, read.source);
    });

    app.post(
      '/:id/edits',
      { ...limited, config: { action: 'sites.deploy' }, bodyLimit: EDIT_BODY_LIMIT },
      async (request, reply) => {
        const user = requireUser(request);
        const site = await ownedSite(
          ctx.db,
          user,
          IdParamsSchema.parse(request.params).id,
          'sites.deploy',
        );
        const edit = EditDeployRequestSchema.parse(request.body ?? {});
        const started = await deployEdit(ctx, user, site, edit, clientAddress(request));
        const shown = presentSite(ctx.config, started.site);
        return reply.status(201).send({
          deployment: presentDeployment(ctx.config, started.deployment, started.site),
          site: { id: shown.id, url: shown.url, subdomain: shown.subdomain, name: shown.name },
        } satisfies DeployResponse);
      },
    );
  };
}
