import type { FastifyPluginAsync } from 'fastify';
import {
  AnalyticsDaysQuerySchema,
  SPARKLINE_DAYS,
  type AnalyticsOverview,
  type DeploymentAnalytics,
  type SiteSparklines,
  type ViewsOverTime,
} from '../../../../shared/analytics';
import type { AppContext } from '../../../context';
import {
  analyticsOverview,
  assertAnalyticsEnabled,
  deploymentAnalytics,
  siteSparklines,
  viewsOverTime,
} from '../../../domain/sites/analytics';
import { listSites } from '../../../domain/sites/sites';
import {
  presentDeploymentAnalytics,
  presentOverview,
  presentSparklines,
  presentViewsOverTime,
} from '../../../presenters/analytics';
import { requireUser } from '../../auth';

/** The analytics screen's calls, and the dashboard's sparklines. */
export function analyticsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    // Off means absent (ENABLE_ANALYTICS=false), before anything else is looked at.
    app.addHook('onRequest', async () => assertAnalyticsEnabled(ctx.config));

    app.get('/overview', async (request) => {
      const user = requireUser(request);
      const { days } = AnalyticsDaysQuerySchema.parse(request.query ?? {});
      return presentOverview(
        await analyticsOverview(ctx.db, user, days),
      ) satisfies AnalyticsOverview;
    });

    app.get('/deployments', async (request) => {
      const user = requireUser(request);
      const { days } = AnalyticsDaysQuerySchema.parse(request.query ?? {});
      const figures = await deploymentAnalytics(ctx.db, user, days);
      return presentDeploymentAnalytics(figures) satisfies DeploymentAnalytics;
    });

    app.get('/views', async (request) => {
      const user = requireUser(request);
      const { days } = AnalyticsDaysQuerySchema.parse(request.query ?? {});
      return presentViewsOverTime(await viewsOverTime(ctx.db, user, days)) satisfies ViewsOverTime;
    });

    app.get('/sparklines', async (request) => {
      const user = requireUser(request);
      const sites = await listSites(ctx.db, user);
      const figures = await siteSparklines(ctx.db, user, sites, SPARKLINE_DAYS);
      return presentSparklines(figures) satisfies SiteSparklines;
    });
  };
}
