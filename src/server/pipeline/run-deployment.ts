import type { BuildInput, SourceKind } from '../../builder/types';
import type { SiteStatus } from '../../shared/site';
import type { AppContext } from '../context';
import type { DeploymentRow, SiteRow } from '../db/schema';
import { nowIso } from '../domain/tokens';
import { presentDeploymentEvent } from '../presenters/deployment';
import type { BuildPool } from './build-pool';
import type { BuildOutcome } from './build-worker';
import { BuildProgress } from './progress';
import { storeBuiltFiles } from './store-files';

const UNEXPECTED = 'The build failed unexpectedly. Please try again.';

async function setSiteStatus(ctx: AppContext, site: SiteRow, status: SiteStatus): Promise<void> {
  await ctx.db
    .updateTable('sites')
    .set({ status, updated_at: nowIso() })
    .where('id', '=', site.id)
    .execute();
  ctx.realtime?.site({ siteId: site.id, status }, { userId: site.user_id, siteId: site.id });
}

function failureText(outcome: Extract<BuildOutcome, { ok: false }>): string {
  if (!outcome.expected) return UNEXPECTED;
  const loc = outcome.location;
  if (!loc || outcome.message.includes(`${loc.line}:${loc.column}`)) return outcome.message;
  return `${outcome.message} (line ${loc.line}, column ${loc.column})`;
}

/**
 * One claimed deployment from source to live: build in the pool, store the files, then
 * switch the site in one statement. The site serves its previous version until then,
 * and keeps it when anything fails.
 */
export async function runDeployment(
  ctx: AppContext,
  pool: BuildPool,
  claimed: DeploymentRow,
  signal: AbortSignal,
): Promise<void> {
  const site = await ctx.db
    .selectFrom('sites')
    .selectAll()
    .where('id', '=', claimed.site_id)
    .executeTakeFirst();
  if (!site) return; // deleted while queued; its rows went with it
  const audience = { userId: site.user_id, siteId: site.id };
  const progress = new BuildProgress(ctx, claimed, audience);
  progress.update({ progress: 5 }, `Build of version ${claimed.version} started`);
  await setSiteStatus(ctx, site, 'BUILDING');

  const finish = async (changes: Partial<DeploymentRow>, status: SiteStatus) => {
    await progress.settle();
    const row = await ctx.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('deployments')
        .set({ ...changes, build_logs: progress.row.build_logs, finished_at: nowIso() })
        .where('id', '=', claimed.id)
        .returningAll()
        .executeTakeFirst();
      if (updated?.status === 'SUCCESS') {
        // The switch: one statement, after every file is stored.
        await trx
          .updateTable('sites')
          .set({ current_deployment_id: updated.id, status, updated_at: nowIso() })
          .where('id', '=', site.id)
          .execute();
      }
      return updated;
    });
    if (!row) return; // the site was deleted during the build
    ctx.invalidateSite?.(site.id);
    ctx.realtime?.deployment(presentDeploymentEvent(row), audience);
    if (row.status === 'SUCCESS') ctx.realtime?.site({ siteId: site.id, status }, audience);
    else await setSiteStatus(ctx, site, status);
  };
  const fail = async (errorMessage: string) => {
    const current = await ctx.db
      .selectFrom('sites')
      .select('current_deployment_id')
      .where('id', '=', site.id)
      .executeTakeFirst();
    progress.update({}, `Error: ${errorMessage}`);
    await finish(
      { status: 'FAILED', message: 'Deployment failed', error_message: errorMessage },
      current?.current_deployment_id ? 'ACTIVE' : 'ERROR',
    );
  };

  try {
    const source = await ctx.blobs?.get(claimed.source_sha256);
    if (!source)
      return await fail('The source of this deployment is missing. Please deploy again.');
    const kind = claimed.source_kind as SourceKind;
    const input: BuildInput = {
      kind,
      source: kind === 'zip' ? new Uint8Array(source) : source.toString('utf8'),
      ...(claimed.source_name ? { fileName: claimed.source_name } : {}),
    };
    progress.update({ progress: 10, message: 'Building your site...' });
    const outcome = await pool.run(input, (line) => progress.builderLine(line), signal);
    if (!outcome.ok) {
      if (!outcome.expected) ctx.log.error({ err: outcome.message }, 'builder crashed');
      return await fail(failureText(outcome));
    }
    for (const warning of outcome.result.warnings) progress.update({}, `warning: ${warning}`);
    progress.update({ progress: 85, message: 'Storing files...' });
    await storeBuiltFiles(ctx, claimed.id, outcome.result);
    progress.update(
      { progress: 95, message: 'Publishing...' },
      `Stored ${outcome.result.files.length} files`,
    );
    const deployedAt = nowIso();
    progress.update({}, 'Deployed successfully!');
    await finish(
      {
        status: 'SUCCESS',
        progress: 100,
        message: 'Deployed successfully!',
        error_message: null,
        build_info: JSON.stringify(outcome.result.manifest),
        deployed_at: deployedAt,
      },
      'ACTIVE',
    );
  } catch (err) {
    if (signal.aborted) throw err; // shutting down: the worker puts the build back in the queue
    ctx.log.error({ err, deploymentId: claimed.id }, 'deployment failed unexpectedly');
    await fail(UNEXPECTED).catch(() => undefined);
  }
}
