import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { DeployCodeRequestSchema } from '../../../../shared/deployment';
import { MAX_UPLOAD_BYTES } from '../../../../shared/limits';
import type { AppContext } from '../../../context';
import type { DeploymentRow, SiteRow } from '../../../db/schema';
import { getOwnedDeployment, redeploySite, startDeployment } from '../../../domain/deployments';
import { getOwnedSite } from '../../../domain/sites';
import { presentDeployment } from '../../../presenters/deployment';
import { presentSite } from '../../../presenters/site';
import { requireUser } from '../../auth';
import { readUpload } from './upload';

type IdParams = { id: string };

export function deploymentRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 3, fields: 10, fieldSize: 1024 },
    });

    const deployed = (site: SiteRow, deployment: DeploymentRow) => {
      const shown = presentSite(ctx.config, site);
      return {
        deployment: presentDeployment(ctx.config, deployment, site),
        site: { id: shown.id, url: shown.url, subdomain: shown.subdomain, name: shown.name },
      };
    };

    app.post('/deploy/code', async (request, reply) => {
      const user = requireUser(request);
      const input = DeployCodeRequestSchema.parse(request.body ?? {});
      const started = await startDeployment(ctx, user, {
        subdomain: input.subdomain,
        source: { kind: 'code', bytes: Buffer.from(input.code, 'utf8'), name: null },
        aiProvider: input.aiProvider ?? null,
      });
      return reply.status(201).send(deployed(started.site, started.deployment));
    });

    app.post('/deploy/file', async (request, reply) => {
      const user = requireUser(request);
      const upload = await readUpload(request);
      const started = await startDeployment(ctx, user, { ...upload, aiProvider: null });
      return reply.status(201).send(deployed(started.site, started.deployment));
    });

    app.get<{ Params: IdParams }>('/:id', async (request) => {
      const user = requireUser(request);
      const { deployment, site } = await getOwnedDeployment(ctx.db, user, request.params.id);
      return { deployment: presentDeployment(ctx.config, deployment, site) };
    });

    app.get<{ Params: IdParams }>('/:id/logs', async (request) => {
      const user = requireUser(request);
      const { deployment, site } = await getOwnedDeployment(ctx.db, user, request.params.id);
      const shown = presentDeployment(ctx.config, deployment, site);
      return {
        deploymentId: shown.id,
        status: shown.status,
        logs: shown.logs,
        buildLogs: shown.buildLogs,
        errorMessage: shown.errorMessage,
        deployment: shown,
      };
    });

    // The id is the site's (SPEC.md section 7).
    app.post<{ Params: IdParams }>('/:id/redeploy', async (request, reply) => {
      const user = requireUser(request);
      const site = await getOwnedSite(ctx.db, user, request.params.id);
      const deployment = await redeploySite(ctx, site);
      return reply.status(201).send(deployed(site, deployment));
    });
  };
}
