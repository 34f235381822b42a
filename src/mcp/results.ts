import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Site } from '../shared/site';
import { ToolError, type HostPort } from './port';

/** A result the assistant reads as a failure it can act on (fix the code, pick another name). */
export function errorResult(message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: message }] };
}

export function textResult(
  text: string,
  structuredContent?: Record<string, unknown>,
): CallToolResult {
  return { content: [{ type: 'text', text }], ...(structuredContent ? { structuredContent } : {}) };
}

/**
 * Runs a tool's work; refusals come back as error results in the server's words. Anything
 * unexpected is reported where the operator sees it, and the assistant gets no internals.
 */
export async function guarded(
  onUnexpected: (err: unknown) => void,
  work: () => Promise<CallToolResult>,
): Promise<CallToolResult> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ToolError) return errorResult(err.message);
    onUnexpected(err);
    return errorResult('Something went wrong on the artifact host. Please try again in a moment.');
  }
}

/**
 * The site a person or assistant names: its subdomain, its id, or its URL (as deploy_artifact
 * and list_sites show it).
 */
export async function findSite(port: HostPort, ref: string): Promise<Site> {
  const wanted = subdomainIn(ref.trim().toLowerCase());
  const sites = await port.listSites();
  const site = sites.find((s) => s.id === ref.trim() || s.subdomain === wanted);
  if (!site) {
    const names = sites.map((s) => s.subdomain).join(', ');
    throw new ToolError(
      `No site of yours is called "${ref}". ${names ? `Your sites: ${names}.` : 'You have no sites yet.'}`,
    );
  }
  return site;
}

function subdomainIn(ref: string): string {
  if (!ref.includes('://')) return ref;
  try {
    return new URL(ref).hostname.split('.')[0] ?? ref;
  } catch {
    return ref;
  }
}

/** The last lines of a build log: enough to see what happened without flooding the context. */
export function tail(lines: string[], count = 15): string {
  const shown = lines.slice(-count);
  const skipped = lines.length - shown.length;
  return [...(skipped > 0 ? [`… (${skipped} earlier lines)`] : []), ...shown].join('\n');
}
