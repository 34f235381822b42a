import type { AppContext } from '../context';
import { runChecks } from '../domain/status/checks';
import type { HostingProbe } from '../domain/status/canary';
import { recordRound } from '../domain/status/uptime';
import type { Job } from './scheduler';

/**
 * The status page's checks, the deploy-and-fetch canary among them: once per period across the
 * cluster (the scheduler's claim), on a node with the web role, since the canary fetches its
 * site through this node's own hosting.
 */
export function statusChecksJob(config: AppContext['config'], probe: HostingProbe): Job {
  return {
    name: 'status-checks',
    everyMs: config.statusCheckIntervalMs,
    async run(ctx) {
      const results = await runChecks(ctx, probe);
      await recordRound(ctx, results, Date.now());
      const notUp = [...results].filter(([, r]) => r.status !== 'operational');
      if (notUp.length > 0) {
        return `status: ${notUp.map(([part, r]) => `${part} ${r.status} (${r.detail})`).join('; ')}`;
      }
    },
  };
}
