import type { AppContext } from '../context';
import { attachSocketServer } from './socket-server';

/** socket.io joins the HTTP server once it exists; until then events have no listeners. */
export function registerRealtime(ctx: AppContext): void {
  ctx.onStart.unshift(async () => {
    const httpServer = ctx.httpServer;
    if (!httpServer) return;
    const { io, publisher } = await attachSocketServer(ctx, httpServer);
    ctx.realtime = publisher;
    // An open websocket keeps server.close() waiting forever: drop the sockets the moment
    // the server starts closing (Fastify calls close() first thing on shutdown).
    const close = httpServer.close.bind(httpServer);
    httpServer.close = ((callback?: (err?: Error) => void) => {
      io.disconnectSockets(true);
      io.engine.close();
      return close(callback);
    }) as typeof httpServer.close;
  });
}
