import { pathToFileURL } from 'node:url';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { apiPort } from './api-port';
import { ToolError, type HostPort } from './port';
import { createMcpServer } from './tools';

// `artifact-host mcp`: an MCP client (Claude Desktop, an IDE) starts this process and talks
// to it over stdin/stdout. Stdout carries protocol messages only; anything for a person goes
// to stderr, which clients show in their logs.

export const DEFAULT_URL = 'http://localhost:3000';

export interface StdioOptions {
  /** The server; by default ARTIFACT_HOST_URL, else http://localhost:3000. */
  baseUrl?: string;
  /** The access token; by default ARTIFACT_HOST_TOKEN. (The CLI passes what `login` stored.) */
  token?: string | null;
  env?: NodeJS.ProcessEnv;
}

/** Serves the tools over stdio until the client closes the pipe. */
export async function runStdioServer(opts: StdioOptions = {}): Promise<void> {
  const env = opts.env ?? process.env;
  const baseUrl = opts.baseUrl?.trim() || env.ARTIFACT_HOST_URL?.trim() || DEFAULT_URL;
  const token = opts.token?.trim() || env.ARTIFACT_HOST_TOKEN?.trim();
  if (!token) {
    console.error(
      'artifact-host mcp: ARTIFACT_HOST_TOKEN is not set; every tool will answer with how to set it.',
    );
  }
  const port = token ? apiPort({ baseUrl, token }) : missingToken();
  const server = createMcpServer(port, (err) => console.error('artifact-host mcp:', err));
  const transport = new StdioServerTransport();
  await server.connect(transport);
  // The client closing the pipe is the end of the session.
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
  });
  console.error(`artifact-host mcp: serving tools for ${baseUrl}`);
  await closed;
  await server.close();
}

/** Without a token the tools still list, so the assistant can tell the person what to do. */
function missingToken(): HostPort {
  const refuse = async (): Promise<never> => {
    throw new ToolError(
      'No access token: set ARTIFACT_HOST_TOKEN (and ARTIFACT_HOST_URL for your server) in the MCP client configuration of artifact-host, then restart it.',
    );
  };
  return {
    deploy: refuse,
    waitUntilFinished: refuse,
    listSites: refuse,
    listDeployments: refuse,
    getDeployment: refuse,
    rollback: refuse,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runStdioServer().catch((err: unknown) => {
    console.error('artifact-host mcp failed:', err);
    process.exit(1);
  });
}
