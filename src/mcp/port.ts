import type { Deployment } from '../shared/deployment';
import type { Site } from '../shared/site';
import type { SiteFile } from '../shared/site-files';

// The few things the MCP tools need of the artifact host, behind one interface: inside the
// server they are domain calls made as the bearer's user; from `artifact-host mcp` they are
// calls to the REST API. The tools stay the same either way.

/**
 * What to build: a paste or a page as bytes, a site as its checked list of files (each port
 * sends it the way its side takes it: stored as it is inside the server, zipped over the API).
 */
export type ArtifactSource =
  { kind: 'code' | 'html'; bytes: Uint8Array } | { kind: 'files'; files: SiteFile[] };

export interface StartedDeployment {
  deployment: Deployment;
  site: { id: string; url: string; subdomain: string };
}

export interface HostPort {
  /** Queues a build of `source` on `subdomain` (a new site, or a new version of one's own). */
  /** `team`: the slug or id of the team a new site goes to; none, the person's own account. */
  deploy(source: ArtifactSource, subdomain: string, team?: string): Promise<StartedDeployment>;
  /** The deployment once SUCCESS or FAILED; as it last stood when `timeoutMs` runs out. */
  waitUntilFinished(deploymentId: string, timeoutMs: number): Promise<Deployment>;
  listSites(): Promise<Site[]>;
  /** Newest version first. */
  listDeployments(siteId: string): Promise<Deployment[]>;
  getDeployment(deploymentId: string): Promise<Deployment>;
  rollback(siteId: string, deploymentId: string): Promise<{ site: Site; deployment: Deployment }>;
}

/**
 * A refusal or failure worded for the person and the assistant (the server's own message):
 * the tool answers it as an error result, never as a protocol error.
 */
export class ToolError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ToolError';
  }
}
