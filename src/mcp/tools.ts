import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerDeployTool } from './deploy-tool';
import type { HostPort } from './port';
import { registerSiteTools } from './site-tools';

export const MCP_SERVER_NAME = 'artifact-host';
export const MCP_SERVER_VERSION = '0.1.0';

/**
 * The artifact host's MCP server with its four tools, over whichever port and transport
 * the caller brings: the same definitions serve /mcp and `artifact-host mcp`.
 */
export function createMcpServer(port: HostPort, onUnexpected: (err: unknown) => void): McpServer {
  const server = new McpServer(
    { name: MCP_SERVER_NAME, version: MCP_SERVER_VERSION },
    {
      instructions:
        'Publishes web artifacts (React components, HTML pages, small static sites) as live websites. Call deploy_artifact with what you wrote and give the person the URL it returns.',
    },
  );
  registerDeployTool(server, port, onUnexpected);
  registerSiteTools(server, port, onUnexpected);
  return server;
}
