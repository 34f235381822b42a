import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { Deployment } from '../shared/deployment';
import { ToolError, type HostPort } from './port';
import { findSite, guarded, textResult } from './results';

const SiteRef = z
  .string()
  .min(1)
  .describe('The site: its subdomain (as list_sites shows it), its id, or its URL.');

export function registerSiteTools(
  server: McpServer,
  port: HostPort,
  onUnexpected: (err: unknown) => void,
): void {
  server.registerTool(
    'list_sites',
    {
      title: 'List my sites',
      description:
        "List the person's sites on the artifact host: subdomain, URL, status, views and the version that is live. Use it to find a site to update (deploy_artifact with its subdomain), inspect (get_deployment_logs) or roll back (rollback_site).",
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async () =>
      guarded(onUnexpected, async () => {
        const sites = await port.listSites();
        const listed = await Promise.all(
          sites.map(async (site) => {
            const live = site.currentDeploymentId
              ? await port.getDeployment(site.currentDeploymentId)
              : null;
            return {
              id: site.id,
              subdomain: site.subdomain,
              url: site.customDomainUrl ?? site.url,
              status: site.status,
              views: site.views,
              currentVersion: live?.version ?? null,
              expiresAt: site.expiresAt,
            };
          }),
        );
        if (listed.length === 0) {
          return textResult('You have no sites yet. deploy_artifact publishes one.', { sites: [] });
        }
        const lines = listed.map(
          (s) =>
            `- ${s.subdomain}: ${s.url} (${s.status}, ${s.views} views, ${
              s.currentVersion === null ? 'nothing live yet' : `version ${s.currentVersion} live`
            }${s.expiresAt ? `, expires ${s.expiresAt}` : ''})`,
        );
        return textResult(`${listed.length} site(s):\n${lines.join('\n')}`, { sites: listed });
      }),
  );

  server.registerTool(
    'get_deployment_logs',
    {
      title: 'Read a build log',
      description:
        "Show the build log, status and error (with its line:column) of a site's latest deployment, or of the deployment given. Use it to see why a build failed or whether a slow build has finished.",
      inputSchema: {
        site: SiteRef,
        deploymentId: z
          .string()
          .optional()
          .describe('A deployment id from deploy_artifact; omit it for the latest one.'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ site: ref, deploymentId }) =>
      guarded(onUnexpected, async () => {
        const site = await findSite(port, ref);
        const deployment = deploymentId
          ? await port.getDeployment(deploymentId)
          : (await port.listDeployments(site.id))[0];
        if (!deployment || deployment.siteId !== site.id) {
          throw new ToolError(
            deploymentId
              ? `Deployment "${deploymentId}" is not one of "${site.subdomain}".`
              : `"${site.subdomain}" has no deployments yet.`,
          );
        }
        const head = [
          `Version ${deployment.version} of "${site.subdomain}": ${deployment.status}${deployment.isLive ? ' (live)' : ''}.`,
          ...(deployment.errorMessage ? [`Error: ${deployment.errorMessage}`] : []),
          '',
          'Build log:',
        ];
        return textResult([...head, ...deployment.logs].join('\n'), {
          deploymentId: deployment.id,
          version: deployment.version,
          status: deployment.status,
          errorMessage: deployment.errorMessage,
          logs: deployment.logs,
        });
      }),
  );

  server.registerTool(
    'rollback_site',
    {
      title: 'Roll a site back',
      description:
        'Make an earlier successful version of a site live again, at once (no rebuild). Use it when the latest version is worse than an earlier one; get_deployment_logs and list_sites show version numbers.',
      inputSchema: {
        site: SiteRef,
        version: z.number().int().positive().describe('The version number to serve, such as 1.'),
      },
      annotations: { destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async ({ site: ref, version }) =>
      guarded(onUnexpected, async () => {
        const site = await findSite(port, ref);
        const deployments = await port.listDeployments(site.id);
        const target = deployments.find((d) => d.version === version);
        if (!target) throw new ToolError(noSuchVersion(site.subdomain, version, deployments));
        const done = await port.rollback(site.id, target.id);
        const url = done.site.customDomainUrl ?? done.site.url;
        return textResult(`${url} now serves version ${version} of "${site.subdomain}".`, {
          url,
          siteId: done.site.id,
          deploymentId: done.deployment.id,
          version,
        });
      }),
  );
}

function noSuchVersion(subdomain: string, version: number, deployments: Deployment[]): string {
  const ok = deployments.filter((d) => d.status === 'SUCCESS').map((d) => d.version);
  return `"${subdomain}" has no version ${version}. ${
    ok.length
      ? `Versions that can be served: ${ok.join(', ')}.`
      : 'No version of it built successfully yet.'
  }`;
}
