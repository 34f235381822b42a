import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  RollbackRequestSchema,
  type DeploymentsResponse,
  type RollbackResponse,
} from '../../../../shared/deployment';
import type { DeleteSiteResponse, SiteResponse, SitesResponse } from '../../../../shared/site';
import {
  AddDomainRequestSchema,
  type AddDomainResponse,
  type RemoveDomainResponse,
  type VerifyDomainResponse,
} from '../../../../shared/custom-domain';
import { UpdateSiteAiRequestSchema, type SiteAiResponse } from '../../../../shared/site-ai';
import { AnalyticsDaysQuerySchema, type SiteAnalytics } from '../../../../shared/analytics';
import type { AppContext } from '../../../context';
import { assertAnalyticsEnabled, siteAnalytics } from '../../../domain/sites/analytics';
import { changeSiteAi, siteAiState } from '../../../domain/credentials/site-ai';
import { ownedSite, type SiteAction } from '../../../domain/policy';
import {
  addCustomDomain,
  removeCustomDomain,
  verifyCustomDomain,
} from '../../../domain/domains/custom-domains';
import { deleteSite, listDeployments, listSites, rollbackSite } from '../../../domain/sites/sites';
import { presentSiteAnalytics } from '../../../presenters/analytics';
import { noteOnTeamSite } from '../../../domain/teams/activity';
import { planHolderFor } from '../../../domain/teams/team-sites';
import { presentDeployment } from '../../../presenters/deployment';
import { presentSite } from '../../../presenters/site';
import { presentSiteAi } from '../../../presenters/site-ai';
import { requireUser } from '../../auth';
import { IdParamsSchema } from '../../params';

export function siteRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    // Each route names what it does to the site: access tokens and roles are judged by it.
    const siteOf = (request: FastifyRequest) =>
      ownedSite(
        ctx.db,
        requireUser(request),
        IdParamsSchema.parse(request.params).id,
        request.routeOptions.config.action as SiteAction,
      );
    const view = { config: { action: 'sites.view' } } as const;
    const change = { config: { action: 'sites.change' } } as const;

    app.get('/', async (request) => {
      const sites = await listSites(ctx.db, requireUser(request));
      return { sites: sites.map((s) => presentSite(ctx.config, s)) } satisfies SitesResponse;
    });

    app.get('/:id', view, async (request) => {
      const site = await siteOf(request);
      return { site: presentSite(ctx.config, site) } satisfies SiteResponse;
    });

    app.get('/:id/deployments', view, async (request) => {
      const site = await siteOf(request);
      const deployments = await listDeployments(ctx.db, site);
      return {
        deployments: deployments.map((d) => presentDeployment(ctx.config, d, site)),
      } satisfies DeploymentsResponse;
    });

    app.get('/:id/analytics', view, async (request) => {
      assertAnalyticsEnabled(ctx.config);
      const site = await siteOf(request);
      const { days } = AnalyticsDaysQuerySchema.parse(request.query ?? {});
      return presentSiteAnalytics(await siteAnalytics(ctx.db, site, days)) satisfies SiteAnalytics;
    });

    app.delete('/:id', { config: { action: 'sites.delete' } }, async (request) => {
      const site = await siteOf(request);
      await deleteSite(ctx, site);
      await noteOnTeamSite(ctx.db, site, requireUser(request), 'site.deleted', 'deleted');
      return { ok: true, siteId: site.id } satisfies DeleteSiteResponse;
    });

    app.get('/:id/ai', view, async (request) => {
      const site = await siteOf(request);
      return presentSiteAi(await siteAiState(ctx, site)) satisfies SiteAiResponse;
    });

    app.put('/:id/ai', change, async (request) => {
      const site = await siteOf(request);
      const input = UpdateSiteAiRequestSchema.parse(request.body ?? {});
      const changed = await changeSiteAi(ctx, site, input);
      await noteOnTeamSite(
        ctx.db,
        site,
        requireUser(request),
        'site.ai-changed',
        'changed the AI settings of',
      );
      return presentSiteAi(changed) satisfies SiteAiResponse;
    });

    app.post('/:id/rollback', { config: { action: 'sites.deploy' } }, async (request) => {
      const site = await siteOf(request);
      const input = RollbackRequestSchema.parse(request.body ?? {});
      const done = await rollbackSite(ctx, site, input.deploymentId);
      await noteOnTeamSite(
        ctx.db,
        site,
        requireUser(request),
        'site.rolled-back',
        `rolled back to version ${done.deployment.version} of`,
      );
      return {
        site: presentSite(ctx.config, done.site),
        deployment: presentDeployment(ctx.config, done.deployment, done.site),
      } satisfies RollbackResponse;
    });

    app.post('/:id/domain', change, async (request) => {
      const user = requireUser(request);
      const site = await siteOf(request);
      const input = AddDomainRequestSchema.parse(request.body ?? {});
      const holder = await planHolderFor(ctx.db, site, user);
      const added = await addCustomDomain(ctx, holder, site, input.domain);
      await noteOnTeamSite(ctx.db, site, user, 'site.domain-changed', `added ${input.domain} to`);
      return {
        site: presentSite(ctx.config, added.site),
        instructions: added.instructions,
        message: added.message,
      } satisfies AddDomainResponse;
    });

    app.delete('/:id/domain', change, async (request) => {
      const site = await siteOf(request);
      const updated = await removeCustomDomain(ctx, site);
      const removed = site.custom_domain ?? 'the custom domain';
      await noteOnTeamSite(
        ctx.db,
        site,
        requireUser(request),
        'site.domain-changed',
        `removed ${removed} from`,
      );
      return { site: presentSite(ctx.config, updated) } satisfies RemoveDomainResponse;
    });

    app.post('/:id/domain/verify', change, async (request) => {
      const user = requireUser(request);
      const site = await siteOf(request);
      const result = await verifyCustomDomain(ctx, await planHolderFor(ctx.db, site, user), site);
      return {
        verified: result.verified,
        message: result.message,
        instructions: result.instructions,
        site: presentSite(ctx.config, result.site),
      } satisfies VerifyDomainResponse;
    });
  };
}
