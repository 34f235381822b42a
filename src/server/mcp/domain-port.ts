import type { Deployment } from '../../shared/deployment';
import { encodeSiteFiles } from '../../shared/site-files';
import { ToolError, type HostPort } from '../../mcp/port';
import type { AppContext } from '../context';
import {
  authorize,
  MCP_TOOL_ACTIONS as TOOL,
  ownedDeployment,
  ownedSite,
  type Actor,
} from '../domain/policy';
import { startDeployment } from '../domain/deployments/deployments';
import { listDeployments, listSites, rollbackSite } from '../domain/sites/sites';
import { AppError, DISK_FULL_MESSAGE, isDiskFull } from '../errors';
import { presentDeployment } from '../presenters/deployment';
import { presentSite } from '../presenters/site';

const FINAL = new Set(['SUCCESS', 'FAILED']);

export interface DomainPortOptions {
  /** Where the request comes from, for the per-address deploy limits. */
  clientAddress: string;
  /** Spends one deploy from the account's and address's budgets, as the deploy routes do. */
  spendDeployBudget(): Promise<void>;
}

/**
 * The tools' port inside the server: the same domain functions the API routes call, as the
 * bearer's user, so ownership, plan limits and guest rules are the API's own. One POST /mcp
 * carries any tool, so each tool asks the policy for its action as the matching API route
 * does (a read-scope token reads, and is refused deploying and rolling back in the API's words).
 */
export function domainPort(ctx: AppContext, actor: Actor, opts: DomainPortOptions): HostPort {
  const { user } = actor;
  const present = async (id: string): Promise<Deployment> => {
    const { deployment, site } = await ownedDeployment(ctx.db, actor, id);
    return presentDeployment(ctx.config, deployment, site);
  };
  const port: HostPort = {
    async deploy(source, subdomain, team) {
      authorize(actor, TOOL.deploy_artifact);
      // The budget first: a refused deploy costs a counter, not a copy of its files.
      await opts.spendDeployBudget();
      const started = await startDeployment(ctx, user, {
        subdomain,
        // A site's files go to the builder as they came; it decodes them in its own thread.
        source:
          source.kind === 'files'
            ? { kind: 'files', bytes: encodeSiteFiles(source.files), name: null }
            : { kind: source.kind, bytes: source.bytes, name: null },
        aiProvider: null,
        clientAddress: opts.clientAddress,
        teamId: team ?? null,
      });
      const site = presentSite(ctx.config, started.site);
      return {
        deployment: presentDeployment(ctx.config, started.deployment, started.site),
        site: { id: site.id, url: site.url, subdomain: site.subdomain },
      };
    },
    waitUntilFinished: (id, timeoutMs) => waitForFinish(ctx, id, timeoutMs, () => present(id)),
    async listSites() {
      return (await listSites(ctx.db, user)).map((s) => presentSite(ctx.config, s));
    },
    async listDeployments(siteId) {
      const site = await ownedSite(ctx.db, actor, siteId, TOOL.get_deployment_logs);
      return (await listDeployments(ctx.db, site)).map((d) =>
        presentDeployment(ctx.config, d, site),
      );
    },
    getDeployment: present,
    async rollback(siteId, deploymentId) {
      authorize(actor, TOOL.rollback_site);
      const site = await ownedSite(ctx.db, actor, siteId, TOOL.rollback_site);
      const done = await rollbackSite(ctx, site, deploymentId);
      return {
        site: presentSite(ctx.config, done.site),
        deployment: presentDeployment(ctx.config, done.deployment, done.site),
      };
    },
  };
  return withToolErrors(port);
}

/**
 * Waits on `deployment.finished` rather than polling. Listening starts before the state is
 * read once, so a build that ends in between is seen either way. Over Redis every node hears
 * the event, so the build may run on any worker.
 */
function waitForFinish(
  ctx: AppContext,
  id: string,
  timeoutMs: number,
  read: () => Promise<Deployment>,
): Promise<Deployment> {
  return new Promise<Deployment>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: Promise<Deployment>) => {
      if (settled) return;
      settled = true;
      off();
      clearTimeout(timer);
      outcome.then(resolve, reject);
    };
    const off = ctx.events.on('deployment.finished', ({ deployment }) => {
      if (deployment.id === id) settle(read());
    });
    const timer = setTimeout(() => settle(read()), timeoutMs);
    read().then(
      (now) => {
        if (FINAL.has(now.status)) settle(Promise.resolve(now));
      },
      (err: unknown) => settle(Promise.reject(err)),
    );
  });
}

/** The domain's refusals (plan limits, a taken subdomain, a bad name) in its own words. */
function withToolErrors(port: HostPort): HostPort {
  const wrapped = {} as Record<string, unknown>;
  for (const [name, fn] of Object.entries(port) as Array<[string, (...a: unknown[]) => unknown]>) {
    wrapped[name] = async (...args: unknown[]) => {
      try {
        return await fn(...args);
      } catch (err) {
        if (err instanceof AppError) throw new ToolError(err.message, err.code);
        if (isDiskFull(err)) throw new ToolError(DISK_FULL_MESSAGE, 'STORAGE_FULL');
        throw err;
      }
    };
  }
  return wrapped as unknown as HostPort;
}
