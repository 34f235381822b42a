import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CORPUS_DIR } from './builder-corpus';
import type { TestServer } from './server';

// Helpers of the MCP tests: an SDK client of the server's /mcp, the corpus as tool input.

export const TOOLS = ['deploy_artifact', 'get_deployment_logs', 'list_sites', 'rollback_site'];
export const sample = (file: string) => readFileSync(path.join(CORPUS_DIR, file), 'utf8');
export const BROKEN = '26-broken-unclosed-tag.jsx';

/** A folder of the corpus as deploy_artifact's `files`; images go as base64. */
export function filesOf(
  dir: string,
  base = dir,
): Array<{ path: string; content: string; encoding?: 'base64' }> {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesOf(full, base);
    const rel = path.relative(base, full).split(path.sep).join('/');
    return rel.startsWith('images/')
      ? [{ path: rel, content: readFileSync(full).toString('base64'), encoding: 'base64' as const }]
      : [{ path: rel, content: readFileSync(full, 'utf8') }];
  });
}

export function text(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
}

export async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

export async function httpClient(server: TestServer, token: string): Promise<Client> {
  const client = new Client({ name: 'mcp-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

/** The live URL names the site on this server's sites domain. */
export function subdomainOf(url: string): string {
  return new URL(url).hostname.split('.')[0]!;
}
