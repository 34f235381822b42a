import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  AdminReportsQuerySchema,
  AdminSearchQuerySchema,
  CreateAnnouncementRequestSchema,
  ReasonRequestSchema,
  ResolveReportRequestSchema,
  type AdminReportsResponse,
  type AdminSiteDetailResponse,
  type AdminSitesResponse,
  type AdminUsersResponse,
  type AnnouncementResponse,
  type AnnouncementsResponse,
  type AuditLogResponse,
} from '../../../../shared/admin';
import type { AppContext } from '../../../context';
import type { UserRow } from '../../../db/schema';
import { assertOperatorSecondFactor, authorize } from '../../../domain/policy';
import { hasSecondFactor } from '../../../domain/accounts/two-factor';
import {
  announcementHistory,
  endAnnouncementEarly,
  postAnnouncement,
} from '../../../domain/operations/announcements';
import { auditLog, findSites, findUsers, siteStory } from '../../../domain/operations/console';
import {
  disableSite,
  enableSite,
  suspendUser,
  unsuspendUser,
} from '../../../domain/operations/moderation';
import { listReports, resolveReport } from '../../../domain/operations/reports';
import { notFound } from '../../../errors';
import {
  presentAdminReport,
  presentAdminSite,
  presentAdminUser,
  presentAuditEntry,
} from '../../../presenters/admin';
import { presentAnnouncement } from '../../../presenters/announcement';
import { requireActor, requireUser, routesDo } from '../../auth';
import { IdParamsSchema } from '../../params';

const OptionalReasonSchema = ReasonRequestSchema.partial();

/** /api/admin: the operator's console. One hook refuses everyone but ADMIN, on every route. */
export function adminRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    routesDo(app, 'admin.console');
    app.addHook('preHandler', async (request) => {
      const actor = requireActor(request, ctx.config);
      // Tokens are refused at the door already; the console must not rely on one place.
      authorize(actor, 'admin.console');
      await assertOperatorSecondFactor(ctx.config, actor.user, () =>
        hasSecondFactor(ctx.db, actor.user.id),
      );
    });
    // Set by the hook above for every route of this plugin.
    const operator = (request: FastifyRequest): UserRow => requireUser(request);
    const id = (request: FastifyRequest) => IdParamsSchema.parse(request.params).id;

    app.get('/users', async (request) => {
      const { q } = AdminSearchQuerySchema.parse(request.query ?? {});
      const users = await findUsers(ctx, q);
      return {
        users: users.map((u) => presentAdminUser(ctx.config, u)),
      } satisfies AdminUsersResponse;
    });

    app.get('/sites', async (request) => {
      const { q } = AdminSearchQuerySchema.parse(request.query ?? {});
      const sites = await findSites(ctx, q);
      return {
        sites: sites.map((s) => presentAdminSite(ctx.config, s)),
      } satisfies AdminSitesResponse;
    });

    app.get('/sites/:id', async (request) => {
      const story = await siteStory(ctx, id(request));
      return {
        site: presentAdminSite(ctx.config, story.site),
        owner: presentAdminUser(ctx.config, story.owner),
        versions: story.deployments.map((d) => ({
          id: d.id,
          version: d.version,
          status: d.status,
          createdAt: d.created_at,
          isLive: d.id === story.site.current_deployment_id,
        })),
        reports: story.reports.map(presentAdminReport),
      } satisfies AdminSiteDetailResponse;
    });

    app.post('/sites/:id/disable', async (request) => {
      const { reason } = ReasonRequestSchema.parse(request.body ?? {});
      const site = await disableSite(ctx, operator(request), id(request), reason);
      return { ok: true, siteId: site.id };
    });

    app.post('/sites/:id/enable', async (request) => {
      const { reason } = OptionalReasonSchema.parse(request.body ?? {});
      const site = await enableSite(ctx, operator(request), id(request), reason ?? null);
      return { ok: true, siteId: site.id };
    });

    app.post('/users/:id/suspend', async (request) => {
      const { reason } = ReasonRequestSchema.parse(request.body ?? {});
      const user = await suspendUser(ctx, operator(request), id(request), reason);
      return { ok: true, userId: user.id };
    });

    app.post('/users/:id/unsuspend', async (request) => {
      const { reason } = OptionalReasonSchema.parse(request.body ?? {});
      const user = await unsuspendUser(ctx, operator(request), id(request), reason ?? null);
      return { ok: true, userId: user.id };
    });

    app.get('/reports', async (request) => {
      const filter = AdminReportsQuerySchema.parse(request.query ?? {});
      const reports = await listReports(ctx, filter);
      return { reports: reports.map(presentAdminReport) } satisfies AdminReportsResponse;
    });

    app.post('/reports/:id/resolve', async (request) => {
      const { resolution } = ResolveReportRequestSchema.parse(request.body ?? {});
      await resolveReport(ctx, operator(request), id(request), resolution || null);
      return { ok: true };
    });

    app.get('/audit', async () => {
      const entries = await auditLog(ctx);
      return { entries: entries.map(presentAuditEntry) } satisfies AuditLogResponse;
    });

    app.get('/announcements', async () => {
      const rows = await announcementHistory(ctx);
      return { announcements: rows.map(presentAnnouncement) } satisfies AnnouncementsResponse;
    });

    app.post('/announcements', async (request, reply) => {
      const input = CreateAnnouncementRequestSchema.parse(request.body ?? {});
      const announcement = presentAnnouncement(
        await postAnnouncement(ctx, operator(request), input),
      );
      return reply.status(201).send({ announcement } satisfies AnnouncementResponse);
    });

    app.post('/announcements/:id/end', async (request) => {
      const announcement = presentAnnouncement(
        await endAnnouncementEarly(ctx, operator(request), id(request)),
      );
      return { announcement } satisfies AnnouncementResponse;
    });

    // Any other /api/admin path passes the hook too: a non-operator learns nothing of what exists.
    app.all('/*', async () => {
      throw notFound();
    });
  };
}
