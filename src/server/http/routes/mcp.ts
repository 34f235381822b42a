import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createMcpServer } from '../../../mcp/tools';
import { MAX_UPLOAD_BYTES } from '../../../shared/limits';
import { tokenFrom } from '../../auth-token';
import type { AppContext } from '../../context';
import { domainPort } from '../../mcp/domain-port';
import { clientAddress, deployLimits } from '../rate-limits';

export const MCP_PATH = '/mcp';

/**
 * A deploy_artifact call carries its files as JSON text: a 10 MB site in base64 is about
 * 14 MB, plus the protocol's envelope.
 */
const MCP_BODY_LIMIT = Math.ceil(MAX_UPLOAD_BYTES * 1.5);

const NEEDS_TOKEN =
  'The MCP endpoint needs an access token: send it as "Authorization: Bearer <token>".';

/**
 * The MCP server over Streamable HTTP, on the app's host only (server.ts hands every site
 * host to hosting before Fastify sees it). Stateless: each POST gets its own server and
 * transport bound to the bearer's user, so nothing is kept between requests and any web
 * node can answer any call.
 */
export function registerMcpRoute(app: FastifyInstance, ctx: AppContext): void {
  const limited = deployLimits(app, ctx.config, ctx.rates);

  app.post(MCP_PATH, { bodyLimit: MCP_BODY_LIMIT }, async (request, reply) => {
    const user = bearerUser(request);
    if (!user) return refuse(reply);
    const port = domainPort(ctx, user, {
      clientAddress: clientAddress(request),
      spendDeployBudget: () => limited.preHandler(request),
      readOnly: hasReadScope(request),
    });
    const server = createMcpServer(port, (err) =>
      request.log.error({ err }, 'an MCP tool failed unexpectedly'),
    );
    // JSON answers rather than an event stream: one request, one answer, nothing left open.
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    // From here the transport writes the response itself: headers the app's hooks set
    // (security headers) are carried over first.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  });

  // Stateless: no stream of server-initiated messages to open and no session to end.
  const notHere = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!bearerUser(request)) return refuse(reply);
    return reply
      .status(405)
      .header('allow', 'POST')
      .send({
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Method not allowed: this MCP endpoint takes POST only.' },
        id: null,
      });
  };
  app.get(MCP_PATH, notHere);
  app.delete(MCP_PATH, notHere);
}

/** Only a bearer token counts here: a browser's session cookie must not drive the tools. */
function bearerUser(request: FastifyRequest) {
  if (!tokenFrom({ authorization: request.headers.authorization })) return null;
  return request.currentUser;
}

/**
 * Whether an access token of the read scope authenticated the request. Access tokens set
 * `accessTokenScope` on the request where auth resolves them; sessions leave it unset.
 */
function hasReadScope(request: FastifyRequest): boolean {
  return (request as { accessTokenScope?: string | null }).accessTokenScope === 'read';
}

function refuse(reply: FastifyReply) {
  return reply
    .status(401)
    .header('www-authenticate', 'Bearer realm="artifact-host"')
    .send({ error: { message: NEEDS_TOKEN, code: 'UNAUTHORIZED' } });
}
