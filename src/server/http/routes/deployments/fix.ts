import type { FastifyInstance } from 'fastify';
import type { FixResponse } from '../../../../shared/fix-with-ai';
import type { AppContext } from '../../../context';
import { proposeFix } from '../../../domain/deployments/fix-with-ai';
import { ownedDeployment } from '../../../domain/policy';
import { requireUser } from '../../auth';
import { IdParamsSchema } from '../../params';

/**
 * POST /api/deployments/:id/fix: a proposed fix of a failed build from the site owner's AI
 * provider. Deploys nothing: the proposal's files go to POST /api/sites/:id/edits on a click.
 */
export function fixWithAiRoute(app: FastifyInstance, ctx: AppContext): void {
  app.post('/:id/fix', { config: { action: 'sites.fix-with-ai' } }, async (request) => {
    const { deployment, site } = await ownedDeployment(
      ctx.db,
      requireUser(request),
      IdParamsSchema.parse(request.params).id,
      'sites.fix-with-ai',
    );
    return (await proposeFix(ctx, site, deployment)) satisfies FixResponse;
  });
}
