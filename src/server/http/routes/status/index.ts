import type { FastifyPluginAsync } from 'fastify';
import {
  CreateIncidentRequestSchema,
  IncidentUpdateRequestSchema,
  type AdminStatusResponse,
  type IncidentResponse,
  type StatusResponse,
} from '../../../../shared/status';
import type { AppContext } from '../../../context';
import type { UserRow } from '../../../db/schema';
import { hasSecondFactor } from '../../../domain/accounts/two-factor';
import { assertOperatorSecondFactor, authorize } from '../../../domain/policy';
import { openIncident, postIncidentUpdate } from '../../../domain/status/incidents';
import { createStatusReader } from '../../../domain/status/status-page';
import { presentAdminStatus, presentIncident, presentStatus } from '../../../presenters/status';
import { requireActor, requireUser, routesDo } from '../../auth';
import { IdParamsSchema } from '../../params';

/** GET /api/status: public, what /status shows; answers even while the database is away. */
export function statusRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const reader = createStatusReader(ctx);
    app.get('/', async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return presentStatus(await reader.read()) satisfies StatusResponse;
    });
  };
}

/** /api/admin/status: the operators' Status tab: the month against the SLA, and incidents. */
export function adminStatusRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    routesDo(app, 'admin.console');
    // The same door as the rest of the console (routes/admin/).
    app.addHook('preHandler', async (request) => {
      const actor = requireActor(request, ctx.config);
      authorize(actor, 'admin.console');
      await assertOperatorSecondFactor(ctx.config, actor.user, () =>
        hasSecondFactor(ctx.db, actor.user.id),
      );
    });
    const operator = (request: Parameters<typeof requireUser>[0]): UserRow => requireUser(request);
    const reader = createStatusReader(ctx);

    app.get('/', async () => presentAdminStatus(await reader.read()) satisfies AdminStatusResponse);

    app.post('/incidents', async (request, reply) => {
      const input = CreateIncidentRequestSchema.parse(request.body ?? {});
      const incident = presentIncident(await openIncident(ctx, operator(request), input));
      return reply.status(201).send({ incident } satisfies IncidentResponse);
    });

    app.post('/incidents/:id/updates', async (request, reply) => {
      const { id } = IdParamsSchema.parse(request.params);
      const input = IncidentUpdateRequestSchema.parse(request.body ?? {});
      const incident = presentIncident(await postIncidentUpdate(ctx, operator(request), id, input));
      return reply.status(201).send({ incident } satisfies IncidentResponse);
    });
  };
}
