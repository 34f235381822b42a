import type { BuildInput, BuildResult } from '../../builder/types';
import type { AppContext } from '../context';
import { siteById } from '../db/queries/sites';
import type { DeploymentRow } from '../db/schema';
import {
  beginBuild,
  failDeployment,
  publishDeployment,
  REPLACED,
} from '../domain/deployments/deployments';
import { AppError, DISK_FULL_MESSAGE, isDiskFull } from '../errors';
import type { BuildPool } from './build-pool';
import type { BuildOutcome } from './build-task';
import { BuildProgress } from './progress';
import { storeBuiltFiles } from './store-files';

const UNEXPECTED = 'The build failed unexpectedly. Please try again.';

/** Why a worker stopped a build before it ended (the reason its AbortSignal carries). */
export type StopReason = 'shutdown' | 'site-deleted' | 'replaced';

export function tooSlow(timeoutMs: number): string {
  const seconds = Math.round(timeoutMs / 1000);
  return `This build took longer than ${seconds} seconds, so it was stopped. Try a smaller or simpler version of your code, then deploy again.`;
}

function failureText(outcome: Extract<BuildOutcome, { ok: false }>): string {
  if (!outcome.expected) return UNEXPECTED;
  const loc = outcome.location;
  if (!loc || outcome.message.includes(`${loc.line}:${loc.column}`)) return outcome.message;
  return `${outcome.message} (line ${loc.line}, column ${loc.column})`;
}

/**
 * One claimed deployment from source to live: build in the pool, store the files, then let
 * the domain publish it. The site serves its previous version until then, and keeps it
 * when anything fails. Resolves with the build's result once it is published. The worker may stop it (`signal`, with a StopReason): the build ends
 * at its next step. The builder's thread is terminated when the build runs past
 * BUILD_TIMEOUT_MS.
 */
export async function runDeployment(
  ctx: AppContext,
  pool: BuildPool,
  claimed: DeploymentRow,
  signal: AbortSignal,
): Promise<BuildResult | void> {
  const site = await siteById(ctx.db, claimed.site_id);
  if (!site) return; // deleted while queued; its rows went with it
  const progress = new BuildProgress(ctx, claimed, site.user_id);
  progress.update({ progress: 5 }, `Build of version ${claimed.version} started`);
  await beginBuild(ctx, site);

  const fail = async (errorMessage: string) => {
    ctx.log.info(
      { deploymentId: claimed.id },
      `${site.subdomain} version ${claimed.version} failed: ${errorMessage}`,
    );
    progress.update({}, `Error: ${errorMessage}`);
    await progress.settle();
    await failDeployment(ctx, site, claimed.id, {
      buildLogs: progress.row.build_logs,
      errorMessage,
    });
  };

  try {
    const source = await ctx.blobs.get(claimed.source_sha256);
    if (!source)
      return await fail('The source of this deployment is missing. Please deploy again.');
    const kind = claimed.source_kind;
    const input: BuildInput = {
      kind,
      source: kind === 'zip' ? new Uint8Array(source) : source.toString('utf8'),
      ...(claimed.source_name ? { fileName: claimed.source_name } : {}),
    };
    progress.update({ progress: 10, message: 'Building your site...' });
    const timeout = AbortSignal.timeout(ctx.config.buildTimeoutMs);
    let outcome: BuildOutcome;
    try {
      outcome = await pool.run(input, (line) => progress.builderLine(line), {
        stop: signal,
        deadline: timeout,
      });
    } catch (err) {
      if (!timeout.aborted || signal.aborted) throw err;
      ctx.log.warn(
        { deploymentId: claimed.id, timeoutMs: ctx.config.buildTimeoutMs },
        `${site.subdomain} version ${claimed.version}: build stopped, it ran past the time limit`,
      );
      return await fail(tooSlow(ctx.config.buildTimeoutMs));
    }
    signal.throwIfAborted();
    if (!outcome.ok) {
      if (!outcome.expected) ctx.log.error({ err: outcome.message }, 'builder crashed');
      return await fail(failureText(outcome));
    }
    for (const warning of outcome.result.warnings) progress.update({}, `warning: ${warning}`);
    progress.update({ progress: 85, message: 'Storing files...' });
    await storeBuiltFiles(ctx, claimed.id, outcome.result);
    signal.throwIfAborted();
    progress.update(
      { progress: 95, message: 'Publishing...' },
      `Stored ${outcome.result.files.length} files`,
    );
    progress.update({}, 'Deployed successfully!');
    await progress.settle();
    await publishDeployment(ctx, site, claimed.id, {
      buildLogs: progress.row.build_logs,
      buildInfo: JSON.stringify(outcome.result.manifest),
    });
    ctx.log.info(
      { deploymentId: claimed.id },
      `${site.subdomain} version ${claimed.version} is live (${outcome.result.files.length} files)`,
    );
    return outcome.result;
  } catch (err) {
    if (signal.aborted) {
      const reason = signal.reason as StopReason;
      // shutting down: the worker puts the build back in the queue
      if (reason === 'shutdown') throw err;
      ctx.log.info(
        { deploymentId: claimed.id, reason },
        `${site.subdomain} version ${claimed.version}: build cancelled (${reason})`,
      );
      // A deleted site took its deployments with it: nothing is left to tell.
      if (reason === 'replaced') {
        progress.update({}, REPLACED);
        await progress.settle();
        await failDeployment(ctx, site, claimed.id, {
          buildLogs: progress.row.build_logs,
          errorMessage: REPLACED,
        }).catch((failErr) =>
          ctx.log.error({ err: failErr, deploymentId: claimed.id }, 'could not record the failure'),
        );
      }
      return;
    }
    ctx.log.error({ err, deploymentId: claimed.id }, 'deployment failed unexpectedly');
    // An AppError (a full blob disk) already says what happened in the creator's words.
    await fail(
      err instanceof AppError ? err.message : isDiskFull(err) ? DISK_FULL_MESSAGE : UNEXPECTED,
    ).catch((failErr) =>
      ctx.log.error({ err: failErr, deploymentId: claimed.id }, 'could not record the failure'),
    );
  }
}
