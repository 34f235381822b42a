import type { Server as HttpServer } from 'node:http';
import { EVENTS, type SystemUpdateEvent } from '../../shared/events';
import type { AppContext, Part } from '../context';
import type { AppEvents } from '../events';
import { presentAnnouncement } from '../presenters/announcement';
import { presentDeploymentEvent } from '../presenters/deployment';
import { rooms } from './rooms';
import { attachSocketServer, leaveRoomsNoLongerAllowed } from './socket-server';

/**
 * Turns what happened (events from any node) into socket.io messages for this node's
 * sockets, in the shapes the web app knows.
 */
export function createRealtime(ctx: AppContext, httpServer: HttpServer): Part {
  const io = attachSocketServer(ctx, httpServer);
  const local = io.local;
  const deployment = ({ deployment: d }: AppEvents['deployment.progress']) =>
    local
      .to([rooms.deployment(d.id), rooms.site(d.site_id)])
      .emit(EVENTS.deploymentUpdate, presentDeploymentEvent(d));
  const unsubscribe = [
    ctx.events.on('deployment.queued', deployment),
    ctx.events.on('deployment.progress', deployment),
    ctx.events.on('deployment.finished', deployment),
    ctx.events.on('site.changed', (e) =>
      local
        .to([rooms.site(e.siteId), rooms.user(e.userId)])
        .emit(EVENTS.siteUpdate, { siteId: e.siteId, status: e.status }),
    ),
    ctx.events.on('user.sites-changed', (e) =>
      local.to(rooms.user(e.userId)).emit(EVENTS.userUpdate, { type: e.change, siteId: e.siteId }),
    ),
    ctx.events.on('user.plan-changed', (e) =>
      local
        .to(rooms.user(e.userId))
        .emit(EVENTS.userUpdate, { type: 'plan-changed', plan: e.plan }),
    ),
    // Every socket of this node, signed in or not: each node tells its own, so each screen
    // hears an announcement once, whichever node it is connected to.
    ctx.events.on('announcement.published', (e) =>
      local.emit(EVENTS.systemUpdate, {
        type: 'announcement',
        announcement: presentAnnouncement(e.announcement),
      } satisfies SystemUpdateEvent),
    ),
    ctx.events.on('announcement.ended', (e) =>
      local.emit(EVENTS.systemUpdate, {
        type: 'announcement-ended',
        id: e.id,
      } satisfies SystemUpdateEvent),
    ),
    ctx.events.on('session.ended', (e) =>
      local.in(rooms.session(e.sessionId)).disconnectSockets(true),
    ),
    ctx.events.on('access-tokens.revoked', (e) =>
      local.in(e.tokenIds.map(rooms.accessToken)).disconnectSockets(true),
    ),
    ctx.events.on('team.membership-changed', (e) => {
      leaveRoomsNoLongerAllowed(ctx, io, e.userId)
        .then(() =>
          local
            .to(rooms.user(e.userId))
            .emit(EVENTS.userUpdate, { type: 'teams-changed', teamId: e.teamId, role: e.role }),
        )
        .catch((err: unknown) => ctx.log.error({ err }, 'leaving team rooms failed'));
    }),
    ctx.events.on('user.moderated', (e) => {
      if (e.suspended) local.in(rooms.account(e.userId)).disconnectSockets(true);
    }),
  ];
  return {
    start: () => undefined,
    // Open websockets would keep the HTTP server from closing: drop them first.
    stop: () => {
      for (const off of unsubscribe) off();
      io.disconnectSockets(true);
      io.engine.close();
    },
  };
}
