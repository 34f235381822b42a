import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { Deployment } from '../shared/deployment';
import { MAX_SITE_FILES, MAX_UPLOAD_BYTES } from '../shared/limits';
import { SiteFilesSchema } from '../shared/site-files';
import { artifactSource } from './artifact-source';
import type { HostPort, StartedDeployment } from './port';
import { errorResult, guarded, tail, textResult } from './results';

/** How long a tool call waits for its build; builds take about a second, big zips longer. */
export const DEPLOY_WAIT_MS = 60_000;

/**
 * deploy_artifact's arguments. The /mcp route checks a call against this too, before the
 * protocol layer sees it, so a hostile list is refused with an HTTP status.
 */
export const DEPLOY_ARTIFACT_INPUT = {
  code: z.string().optional().describe('A React component or a complete HTML page.'),
  files: SiteFilesSchema.optional().describe(
    `The files of a static site or app: at most ${MAX_SITE_FILES} files, ${MAX_UPLOAD_BYTES / 1024 / 1024} MB together.`,
  ),
  subdomain: z
    .string()
    .optional()
    .describe(
      "The site's name in its URL (letters, digits, hyphens). Omit it for a new site: one is made from the title. Give the same one again to update a site.",
    ),
  team: z
    .string()
    .optional()
    .describe(
      'The slug of a team the person belongs to, when they want the new site to belong to that team rather than to them.',
    ),
  title: z
    .string()
    .max(100)
    .optional()
    .describe('A short name for what this is, such as "Mortgage calculator".'),
};

const DESCRIPTION = `Publish a web artifact you just wrote as a live website and get its URL to give to the person.

Use it when the person wants to see, use or share what you built in a browser. Give exactly one of:
- code: one React component (JSX or TSX with a default export) or one complete HTML page. Tailwind classes, lucide-react icons, recharts, shadcn/ui imports from "@/components/ui/*" and common npm packages work.
- files: a small static site or multi-file app, as [{path, content}], with an index.html (or an App.jsx entry).

The call waits until the site is live (usually about a second) and answers with its URL. If the build fails, the answer is an error with the compiler's message and its line:column: fix the code and call deploy_artifact again with the same subdomain. Deploying to a subdomain you already own publishes a new version of that site; the previous versions stay available to rollback_site.`;

export function registerDeployTool(
  server: McpServer,
  port: HostPort,
  onUnexpected: (err: unknown) => void,
): void {
  server.registerTool(
    'deploy_artifact',
    {
      title: 'Deploy an artifact',
      description: DESCRIPTION,
      inputSchema: DEPLOY_ARTIFACT_INPUT,
      outputSchema: {
        url: z.string(),
        deploymentId: z.string(),
        siteId: z.string(),
        subdomain: z.string(),
        version: z.number(),
        status: z.enum(['PENDING', 'BUILDING', 'SUCCESS', 'FAILED']),
      },
      annotations: { destructiveHint: false, openWorldHint: true },
    },
    async (args) =>
      guarded(onUnexpected, async () => {
        const source = artifactSource(args);
        const subdomain = args.subdomain ?? subdomainFor(args.title);
        const started = await port.deploy(source, subdomain, args.team);
        const done = await port.waitUntilFinished(started.deployment.id, DEPLOY_WAIT_MS);
        return describeOutcome(started, done);
      }),
  );
}

function describeOutcome(started: StartedDeployment, done: Deployment) {
  const { site } = started;
  const facts = {
    url: site.url,
    deploymentId: done.id,
    siteId: site.id,
    subdomain: site.subdomain,
    version: done.version,
    status: done.status,
  };
  if (done.status === 'FAILED') {
    return errorResult(
      [
        `The build of version ${done.version} of "${site.subdomain}" failed, so it is not live:`,
        done.errorMessage ?? 'The build failed without a message.',
        '',
        'Build log (last lines):',
        tail(done.logs),
        '',
        `Fix the code and call deploy_artifact again with subdomain "${site.subdomain}". If the site had an earlier version, it still serves that one.`,
      ].join('\n'),
    );
  }
  if (done.status !== 'SUCCESS') {
    return textResult(
      `Version ${done.version} of "${site.subdomain}" is still ${done.status.toLowerCase()} after ${DEPLOY_WAIT_MS / 1000} seconds. It will be at ${site.url} once built; call get_deployment_logs with site "${site.subdomain}" and deploymentId "${done.id}" to see how it went.`,
      facts,
    );
  }
  return textResult(
    `Live at ${site.url} (site "${site.subdomain}", version ${done.version}). Give this link to the person.`,
    facts,
  );
}

/**
 * A new site's subdomain from its title ("Mortgage calculator" → mortgage-calculator-k3f9),
 * with a random tail so that two assistants' "todo-app"s do not collide.
 */
export function subdomainFor(title: string | undefined): string {
  const slug = (title ?? '')
    // é → e + a combining accent, dropped: "Café" reads "cafe", not "cafe-".
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  const tail = Math.random().toString(36).slice(2, 6).padEnd(4, '0');
  return `${slug || 'site'}-${tail}`;
}
