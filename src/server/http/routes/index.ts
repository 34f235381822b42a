import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { adminRoutes } from './admin';
import { analyticsRoutes } from './analytics';
import { apiKeyRoutes } from './api-keys';
import { invitationRoutes, siteMoveRoutes, teamRoutes } from './teams';
import { authRoutes } from './auth';
import { billingRoutes } from './billing';
import { configRoutes } from './config';
import { debugRoutes } from './debug';
import { deploymentRoutes } from './deployments';
import { healthRoutes } from './health';
import { internalRoutes } from './internal';
import { claimRoutes } from './claims';
import { announcementRoutes, reportRoutes } from './reports';
import { siteRoutes } from './sites';
import { brandingRoutes } from './sites/branding';
import { tokenRoutes } from './tokens';

/** Every /api resource, one line each. */
export async function registerApiRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(healthRoutes, { prefix: '/api/health' });
  await app.register(authRoutes(ctx), { prefix: '/api/auth' });
  await app.register(configRoutes(ctx), { prefix: '/api/config' });
  await app.register(debugRoutes(ctx), { prefix: '/api/debug' });
  await app.register(claimRoutes(ctx), { prefix: '/api/sites/claim' });
  await app.register(siteRoutes(ctx), { prefix: '/api/sites' });
  await app.register(brandingRoutes(ctx), { prefix: '/api/sites' });
  await app.register(siteMoveRoutes(ctx), { prefix: '/api/sites' });
  await app.register(teamRoutes(ctx), { prefix: '/api/teams' });
  await app.register(invitationRoutes(ctx), { prefix: '/api/invitations' });
  await app.register(deploymentRoutes(ctx), { prefix: '/api/deployments' });
  await app.register(apiKeyRoutes(ctx), { prefix: '/api/api-keys' });
  await app.register(tokenRoutes(ctx), { prefix: '/api/tokens' });
  await app.register(billingRoutes(ctx), { prefix: '/api/billing' });
  await app.register(analyticsRoutes(ctx), { prefix: '/api/analytics' });
  await app.register(internalRoutes(ctx), { prefix: '/api/internal' });
  await app.register(adminRoutes(ctx), { prefix: '/api/admin' });
  await app.register(reportRoutes(ctx), { prefix: '/api/reports' });
  await app.register(announcementRoutes(ctx), { prefix: '/api/announcements' });
}
