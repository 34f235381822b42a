import type { FastifyPluginAsync } from 'fastify';
import {
  AbuseReportRequestSchema,
  type AbuseReportResponse,
  type AnnouncementsResponse,
} from '../../../../shared/admin';
import type { AppContext } from '../../../context';
import { currentAnnouncements } from '../../../domain/operations/announcements';
import { fileAbuseReport } from '../../../domain/operations/reports';
import { presentAnnouncement } from '../../../presenters/announcement';
import { clientAddress } from '../../rate-limits';

/** POST /api/reports: the public 'Report abuse' form; signed in or not. */
export function reportRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.post('/', async (request, reply) => {
      const input = AbuseReportRequestSchema.parse(request.body ?? {});
      const filed = await fileAbuseReport(ctx, input, clientAddress(request));
      return reply
        .status(filed.alreadyReported ? 200 : 201)
        .send({ ok: true, ...filed } satisfies AbuseReportResponse);
    });
  };
}

/** GET /api/announcements: public, what every app screen fetches on load. */
export function announcementRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/', async (_request, reply) => {
      // Screens poll nothing: new ones come by socket; this is the state at load time.
      void reply.header('cache-control', 'no-store');
      const rows = await currentAnnouncements(ctx);
      return { announcements: rows.map(presentAnnouncement) } satisfies AnnouncementsResponse;
    });
  };
}
