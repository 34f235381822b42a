import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { EVENTS, type JoinAck } from '../../shared/events';
import type { AccessTokenScope } from '../../shared/access-token';
import { tokenFrom } from '../auth-token';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { mayWatch, mayWatchSupportDesk, type RoomKind } from '../domain/policy';
import { whoIsAsking } from '../domain/policy/who-is-asking';
import { CROSS_SITE_MESSAGE, fromOwnOrigin, ownOrigins } from '../request-origin';
import { rooms } from './rooms';

interface SocketData {
  user: UserRow | null;
  /** Set when an access token authenticated the handshake: its scope, for the policy. */
  accessTokenScope: AccessTokenScope | null;
  sessionId: string | null;
  /** Set when an access token (not a session) authenticated the handshake. */
  accessTokenId: string | null;
  accessTokenExpiresAt: string | null;
}

/** setTimeout's longest delay; a later expiry is reached in several steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** A token's socket lives no longer than the token: it is dropped the moment it expires. */
function disconnectAtExpiry(socket: Socket, expiresAt: string): void {
  const at = Date.parse(expiresAt);
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    const left = at - Date.now();
    if (left <= 0) {
      socket.disconnect(true);
      return;
    }
    timer = setTimeout(arm, Math.min(left, MAX_TIMER_MS));
    timer.unref();
  };
  socket.on('disconnect', () => clearTimeout(timer));
  arm();
}

const JOINS = [
  [EVENTS.joinDeployment, 'deployment'],
  [EVENTS.joinSite, 'site'],
  [EVENTS.joinUser, 'user'],
  [EVENTS.joinTeam, 'team'],
] as const satisfies ReadonlyArray<readonly [string, RoomKind]>;

/** The operators' desk: joined by an operator's console, on the same rule as its routes. */
function onJoinSupportDesk(ctx: AppContext, socket: Socket): void {
  socket.on(EVENTS.joinSupportDesk, (_id: unknown, ack?: (answer: JoinAck) => void) => {
    const reply = typeof ack === 'function' ? ack : () => undefined;
    const { user, accessTokenScope } = socket.data as SocketData;
    if (!user) return reply({ ok: false, error: 'Authentication required. Please login again.' });
    if (!mayWatchSupportDesk(ctx.config, user, accessTokenScope)) {
      return reply({ ok: false, error: 'Not found' });
    }
    void socket.join(rooms.supportDesk());
    reply({ ok: true });
  });
}

function onConnection(ctx: AppContext, socket: Socket): void {
  onJoinSupportDesk(ctx, socket);
  const { sessionId, accessTokenId, accessTokenExpiresAt } = socket.data as SocketData;
  // Logout ends the session: its sockets are found by this room, on every node.
  if (sessionId) void socket.join(rooms.session(sessionId));
  // Revoking a token finds the sockets it opened by this room, on every node.
  if (accessTokenId) void socket.join(rooms.accessToken(accessTokenId));
  if (accessTokenExpiresAt) disconnectAtExpiry(socket, accessTokenExpiresAt);
  // Suspending the account finds every socket it has open, a token's as well as a session's.
  const signedIn = (socket.data as SocketData).user;
  if (signedIn) void socket.join(rooms.account(signedIn.id));
  for (const [event, kind] of JOINS) {
    socket.on(event, async (id: unknown, ack?: (answer: JoinAck) => void) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      const user = (socket.data as SocketData).user;
      if (!user) return reply({ ok: false, error: 'Authentication required. Please login again.' });
      if (typeof id !== 'string' || !id || id.length > 100) {
        return reply({ ok: false, error: 'A valid id is required.' });
      }
      try {
        if (!(await mayWatch(ctx.db, user, kind, id)))
          return reply({ ok: false, error: 'Not found' });
        await socket.join(rooms[kind](id));
        reply({ ok: true });
      } catch (err) {
        ctx.log.error({ err }, 'socket join failed');
        reply({ ok: false, error: 'Something went wrong on our side. Please try again.' });
      }
    });
  }
}

/**
 * socket.io on the app's own HTTP server (never a site's host); a socket knows its user and
 * session from the handshake.
 * Each node talks only to its own sockets: the event bus brings every node every event.
 */
export function attachSocketServer(ctx: AppContext, httpServer: HttpServer): Server {
  const io = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    // Vite's HMR shares this server in dev: leave upgrades that are not ours alone.
    destroyUpgrade: false,
    cors: { origin: ctx.config.appOrigin, credentials: true },
  });
  io.use(async (socket, next) => {
    // Anonymous sockets may connect (the landing page shows 'Live') but join nothing.
    const { headers } = socket.handshake;
    const explicit = tokenFrom({
      explicit: (socket.handshake.auth as { token?: unknown } | undefined)?.token,
    });
    const token = explicit ?? tokenFrom({ cookie: headers.cookie });
    // A browser opens a websocket to any host with the cookie attached: a page on another
    // site (a sibling subdomain is the same site) must not watch as this user.
    if (token && !explicit) {
      const own = ownOrigins(
        ctx.config.appOrigin,
        socket.handshake.secure ? 'https' : 'http',
        headers.host,
      );
      if (fromOwnOrigin(headers, own) === false) return next(new Error(CROSS_SITE_MESSAGE));
    }
    try {
      const data = socket.data as SocketData;
      const asking = await whoIsAsking(ctx.db, token);
      // An access token (read or deploy) may watch its user's rooms: the CLI follows builds
      // live. A credential that is not accepted leaves the socket anonymous.
      data.user = asking.kind === 'session' || asking.kind === 'token' ? asking.user : null;
      data.sessionId = asking.kind === 'session' ? asking.sessionId : null;
      data.accessTokenId = asking.kind === 'token' ? asking.tokenId : null;
      data.accessTokenScope = asking.kind === 'token' ? asking.scope : null;
      data.accessTokenExpiresAt = asking.kind === 'token' ? asking.expiresAt : null;
      next();
    } catch (err) {
      next(err as Error);
    }
  });
  io.on('connection', (socket) => onConnection(ctx, socket));
  return io;
}

/**
 * After a person's place in a team changed: each of their sockets on this node leaves every
 * team, site and deployment room the policy no longer lets them watch (a removed member, a
 * deleted team). Asked on every node, so it takes effect at once wherever they are connected.
 */
export async function leaveRoomsNoLongerAllowed(
  ctx: AppContext,
  io: Server,
  userId: string,
): Promise<void> {
  const sockets = await io.local.in(rooms.account(userId)).fetchSockets();
  for (const socket of sockets) {
    const user = (socket.data as SocketData).user;
    if (!user) continue;
    for (const room of socket.rooms) {
      const [kind, id] = room.split(':') as [string, string];
      if ((kind !== 'team' && kind !== 'site' && kind !== 'deployment') || !id) continue;
      if (!(await mayWatch(ctx.db, user, kind, id))) socket.leave(room);
    }
  }
}
