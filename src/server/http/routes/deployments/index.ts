import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  DeployCodeRequestSchema,
  type DeploymentLogsResponse,
  type DeploymentResponse,
  type DeployResponse,
} from '../../../../shared/deployment';
import { MAX_CODE_CHARS, MAX_UPLOAD_BYTES } from '../../../../shared/limits';
import type { AppContext } from '../../../context';
import type { SiteRow } from '../../../db/schema';
import { ownedDeployment, ownedSite } from '../../../domain/policy';
import { redeploySite, type Started } from '../../../domain/deployments/deployments';
import { deployWithOrWithoutSession } from '../../../domain/deployments/guest-deploys';
import { presentDeployment } from '../../../presenters/deployment';
import { presentSite } from '../../../presenters/site';
import { requireUser, userOrNobody } from '../../auth';
import { clientAddress, deployLimits } from '../../rate-limits';
import { IdParamsSchema } from '../../params';
import { fixWithAiRoute } from './fix';
import { readUpload } from './upload';

/**
 * A paste's JSON body at most: MAX_CODE_CHARS characters, each at worst six bytes as JSON
 * writes it (\u001f), and room for the other fields. A larger body is refused before it is
 * parsed, so the paste limit costs nothing to enforce.
 */
const CODE_BODY_LIMIT = MAX_CODE_CHARS * 6 + 64 * 1024;

export function deploymentRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 3, fields: 10, fieldSize: 1024 },
    });

    const deployed = (
      site: SiteRow,
      deployment: Started['deployment'],
      claim?: { url: string; expiresAt: string },
    ): DeployResponse => {
      const shown = presentSite(ctx.config, site);
      return {
        deployment: presentDeployment(ctx.config, deployment, site),
        site: { id: shown.id, url: shown.url, subdomain: shown.subdomain, name: shown.name },
        ...(claim ? { claimUrl: claim.url, claimExpiresAt: claim.expiresAt } : {}),
      };
    };
    const deploymentOf = (request: FastifyRequest) =>
      ownedDeployment(ctx.db, requireUser(request), IdParamsSchema.parse(request.params).id);

    const limited = deployLimits(app, ctx.config, ctx.rates);

    const create = { config: { action: 'deployments.create' } } as const;

    // Without any session these make a guest site and answer with its claim link.
    app.post(
      '/deploy/code',
      { ...limited, ...create, bodyLimit: CODE_BODY_LIMIT },
      async (request, reply) => {
        const input = DeployCodeRequestSchema.parse(request.body ?? {});
        const started = await deployWithOrWithoutSession(ctx, userOrNobody(request), {
          subdomain: input.subdomain,
          source: { kind: 'code', bytes: Buffer.from(input.code, 'utf8'), name: null },
          aiProvider: input.aiProvider ?? null,
          clientAddress: clientAddress(request),
          teamId: input.teamId ?? null,
        });
        return reply.status(201).send(deployed(started.site, started.deployment, started.claim));
      },
    );

    app.post('/deploy/file', { ...limited, ...create }, async (request, reply) => {
      const user = userOrNobody(request);
      const upload = await readUpload(request);
      const started = await deployWithOrWithoutSession(ctx, user, {
        ...upload,
        aiProvider: null,
        clientAddress: clientAddress(request),
      });
      return reply.status(201).send(deployed(started.site, started.deployment, started.claim));
    });

    app.get('/:id', async (request) => {
      const { deployment, site } = await deploymentOf(request);
      return {
        deployment: presentDeployment(ctx.config, deployment, site),
      } satisfies DeploymentResponse;
    });

    app.get('/:id/logs', async (request) => {
      const { deployment, site } = await deploymentOf(request);
      const shown = presentDeployment(ctx.config, deployment, site);
      return {
        deploymentId: shown.id,
        status: shown.status,
        logs: shown.logs,
        buildLogs: shown.buildLogs,
        errorMessage: shown.errorMessage,
        deployment: shown,
      } satisfies DeploymentLogsResponse;
    });

    // The id is the site's: redeploy builds the site's current source again.
    app.post(
      '/:id/redeploy',
      { ...limited, config: { action: 'sites.deploy' } },
      async (request, reply) => {
        const site = await ownedSite(
          ctx.db,
          requireUser(request),
          IdParamsSchema.parse(request.params).id,
          'sites.deploy',
        );
        const deployment = await redeploySite(
          ctx,
          site,
          clientAddress(request),
          requireUser(request),
        );
        return reply.status(201).send(deployed(site, deployment));
      },
    );

    fixWithAiRoute(app, ctx);
  };
}
