import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DEPLOY_ARTIFACT_INPUT } from '../../../mcp/deploy-tool';
import { createMcpServer } from '../../../mcp/tools';
import { MAX_UPLOAD_BYTES } from '../../../shared/limits';
import { SITE_FILES_MESSAGES, isSizeRefusal, tooManyFiles } from '../../../shared/site-files';
import { tokenFrom } from '../../auth-token';
import type { AppError } from '../../errors';
import type { AppContext } from '../../context';
import { domainPort } from '../../mcp/domain-port';
import { refusal, type Actor } from '../../domain/policy';
import { MCP_PATH } from '../paths';
import { clientAddress, deployLimits } from '../rate-limits';

/**
 * A deploy_artifact call carries its files as JSON text: a 10 MB site in base64 is about
 * 14 MB, plus the protocol's envelope.
 */
const MCP_BODY_LIMIT = Math.ceil(MAX_UPLOAD_BYTES * 1.5);

const NEEDS_TOKEN =
  'The MCP endpoint needs an access token: send it as "Authorization: Bearer <token>".';

const DeployArtifactInput = z.object(DEPLOY_ARTIFACT_INPUT);

/**
 * The MCP server over Streamable HTTP, on the app's host only (server.ts hands every site
 * host to hosting before Fastify sees it). Stateless: each POST gets its own server and
 * transport bound to the bearer's user, so nothing is kept between requests and any web
 * node can answer any call.
 */
export function registerMcpRoute(app: FastifyInstance, ctx: AppContext): void {
  const limited = deployLimits(app, ctx.config, ctx.rates);
  // Tokens of either scope come in; each tool then asks the policy for its own action.
  const connect = { config: { action: 'mcp.connect' } } as const;

  app.post(MCP_PATH, { bodyLimit: MCP_BODY_LIMIT, ...connect }, async (request, reply) => {
    const actor = bearerActor(request);
    if (!actor) return refuse(reply);
    const refused = refusal(actor, 'mcp.connect');
    if (refused) return refuseAs(reply, refused);
    const invalid = invalidDeployCall(request.body);
    if (invalid) {
      return reply.status(invalid.status).send({
        jsonrpc: '2.0',
        id: invalid.id,
        error: { code: INVALID_PARAMS, message: invalid.message },
      });
    }
    const port = domainPort(ctx, actor, {
      clientAddress: clientAddress(request),
      spendDeployBudget: () => limited.preHandler(request),
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
    const actor = bearerActor(request);
    if (!actor) return refuse(reply);
    const refused = refusal(actor, 'mcp.connect');
    if (refused) return refuseAs(reply, refused);
    return reply
      .status(405)
      .header('allow', 'POST')
      .send({
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Method not allowed: this MCP endpoint takes POST only.' },
        id: null,
      });
  };
  app.get(MCP_PATH, connect, notHere);
  app.delete(MCP_PATH, connect, notHere);
}

/** Only a bearer token counts here: a browser's session cookie must not drive the tools. */
function bearerActor(request: FastifyRequest): Actor | null {
  if (!tokenFrom({ authorization: request.headers.authorization })) return null;
  const user = request.currentUser;
  if (!user) return null;
  const scope = request.accessTokenScope;
  return { user, credential: scope ? { kind: 'token', scope } : { kind: 'session' } };
}

function refuse(reply: FastifyReply) {
  return reply
    .status(401)
    .header('www-authenticate', 'Bearer realm="artifact-host"')
    .send({ error: { message: NEEDS_TOKEN, code: 'UNAUTHORIZED' } });
}

function refuseAs(reply: FastifyReply, refused: AppError) {
  return reply
    .status(refused.status)
    .send({ error: { message: refused.message, code: refused.code } });
}

/** JSON-RPC's code for arguments a method refuses. */
const INVALID_PARAMS = -32602;

/**
 * A deploy_artifact call whose arguments break the tool's rules, refused here with an HTTP
 * status (413 for too many or too large files, 400 otherwise) before the protocol layer
 * parses them or anything is built from them. Lists are counted before they are parsed, so a
 * list of a hundred thousand entries is refused as cheaply as one too many.
 */
function invalidDeployCall(
  body: unknown,
): { status: 400 | 413; id: string | number | null; message: string } | null {
  for (const message of Array.isArray(body) ? body : [body]) {
    const call = message as {
      id?: unknown;
      method?: unknown;
      params?: { name?: unknown; arguments?: { files?: unknown } };
    } | null;
    if (call?.method !== 'tools/call' || call.params?.name !== 'deploy_artifact') continue;
    const id = typeof call.id === 'string' || typeof call.id === 'number' ? call.id : null;
    const args = call.params.arguments;
    if (tooManyFiles(args?.files)) return { status: 413, id, message: SITE_FILES_MESSAGES.tooMany };
    const checked = DeployArtifactInput.safeParse(args ?? {});
    if (!checked.success) {
      const first =
        checked.error.issues[0]?.message ?? 'The arguments of deploy_artifact are not valid.';
      const sized = checked.error.issues.some((i) => isSizeRefusal(i.message));
      return {
        status: sized ? 413 : 400,
        id,
        message: sized
          ? (checked.error.issues.find((i) => isSizeRefusal(i.message))?.message ?? first)
          : first,
      };
    }
  }
  return null;
}
