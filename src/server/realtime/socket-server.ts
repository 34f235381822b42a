import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { EVENTS, type JoinAck } from '../../shared/events';
import type { AppContext } from '../context';
import type { Database } from '../db/database';
import type { UserRow } from '../db/schema';
import { sessionForToken } from '../domain/sessions';
import { AUTH_COOKIE } from '../http/auth';
import { rooms, type RealtimePublisher } from './publisher';

interface SocketData {
  user: UserRow | null;
}

function cookieToken(header: string | undefined): string | null {
  for (const part of header?.split(';') ?? []) {
    const [name, ...value] = part.trim().split('=');
    if (name === AUTH_COOKIE) return decodeURIComponent(value.join('='));
  }
  return null;
}

/** Rooms a user may join: only what they own (checked on every join). */
async function owns(db: Database, user: UserRow, kind: string, id: string): Promise<boolean> {
  if (kind === 'user') return id === user.id;
  if (kind === 'site') {
    const site = await db
      .selectFrom('sites')
      .select('id')
      .where('id', '=', id)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    return !!site;
  }
  const row = await db
    .selectFrom('deployments as d')
    .innerJoin('sites as s', 's.id', 'd.site_id')
    .select('d.id')
    .where('d.id', '=', id)
    .where('s.user_id', '=', user.id)
    .executeTakeFirst();
  return !!row;
}

const JOINS = [
  [EVENTS.joinDeployment, 'deployment'],
  [EVENTS.joinSite, 'site'],
  [EVENTS.joinUser, 'user'],
] as const;

function onConnection(ctx: AppContext, socket: Socket): void {
  for (const [event, kind] of JOINS) {
    socket.on(event, async (id: unknown, ack?: (answer: JoinAck) => void) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      const user = (socket.data as SocketData).user;
      if (!user) return reply({ ok: false, error: 'Authentication required. Please login again.' });
      if (typeof id !== 'string' || !id || id.length > 100) {
        return reply({ ok: false, error: 'A valid id is required.' });
      }
      try {
        if (!(await owns(ctx.db, user, kind, id))) return reply({ ok: false, error: 'Not found' });
        await socket.join(rooms[kind](id));
        reply({ ok: true });
      } catch (err) {
        ctx.log.error({ err }, 'socket join failed');
        reply({ ok: false, error: 'Something went wrong on our side. Please try again.' });
      }
    });
  }
}

/** socket.io on the app's own HTTP server; a socket knows its user from the handshake. */
export async function attachSocketServer(
  ctx: AppContext,
  httpServer: HttpServer,
): Promise<{ io: Server; publisher: RealtimePublisher }> {
  const io = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    // Vite's HMR shares this server in dev: leave upgrades that are not ours alone.
    destroyUpgrade: false,
    cors: { origin: ctx.config.appOrigin, credentials: true },
  });
  if (ctx.config.redisUrl) {
    const [{ createAdapter }, { createClient }] = await Promise.all([
      import('@socket.io/redis-adapter'),
      import('redis'),
    ]);
    const pub = createClient({ url: ctx.config.redisUrl });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
    ctx.onClose.push(async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    });
  }
  io.use(async (socket, next) => {
    // Anonymous sockets may connect (the landing page shows 'Live') but join nothing.
    const auth = socket.handshake.auth as { token?: unknown };
    const token =
      (typeof auth?.token === 'string' && auth.token) ||
      cookieToken(socket.handshake.headers.cookie);
    try {
      const found = token ? await sessionForToken(ctx.db, token) : null;
      (socket.data as SocketData).user = found?.user ?? null;
      next();
    } catch (err) {
      next(err as Error);
    }
  });
  io.on('connection', (socket) => onConnection(ctx, socket));
  const publisher: RealtimePublisher = {
    deployment: (event, to) =>
      io
        .to([rooms.deployment(event.deploymentId), rooms.site(to.siteId)])
        .emit(EVENTS.deploymentUpdate, event),
    site: (event, to) =>
      io.to([rooms.site(event.siteId), rooms.user(to.userId)]).emit(EVENTS.siteUpdate, event),
    user: (event, userId) => io.to(rooms.user(userId)).emit(EVENTS.userUpdate, event),
  };
  return { io, publisher };
}
