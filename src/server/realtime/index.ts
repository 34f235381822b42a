import type { Server as HttpServer } from 'node:http';
import {
  EVENTS,
  type SiteUpdateEvent,
  type SystemUpdateEvent,
  type UserUpdateEvent,
} from '../../shared/events';
import type { SupportUpdateEvent } from '../../shared/support';
import { presentSupportMessage } from '../presenters/support';
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
        .to([
          rooms.site(e.siteId),
          rooms.user(e.userId),
          ...(e.teamId ? [rooms.team(e.teamId)] : []),
        ])
        .emit(EVENTS.siteUpdate, {
          siteId: e.siteId,
          status: e.status,
          teamId: e.teamId,
        } satisfies SiteUpdateEvent),
    ),
    // A personal list is its person's; a team's list is every member's who watches the team.
    ctx.events.on('user.sites-changed', (e) =>
      local.to(e.teamId ? rooms.team(e.teamId) : rooms.user(e.userId)).emit(EVENTS.userUpdate, {
        type: e.change,
        siteId: e.siteId,
        teamId: e.teamId,
      } satisfies UserUpdateEvent),
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
    ctx.events.on('session.ended', (e) => {
      local.in(rooms.session(e.sessionId)).disconnectSockets(true);
      // The account's other screens list their sessions: the ended one leaves those lists now.
      local
        .to(rooms.account(e.userId))
        .emit(EVENTS.userUpdate, { type: 'sessions-changed' } satisfies UserUpdateEvent);
    }),
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
    // A chat's person hears their conversation in their user room; the operators' desks hear
    // every conversation, tickets included.
    ctx.events.on('support.ticket-filed', (e) =>
      local.to(rooms.supportDesk()).emit(EVENTS.supportUpdate, {
        conversationId: e.conversation.id,
        message: null,
        change: 'message',
      } satisfies SupportUpdateEvent),
    ),
    ctx.events.on('support.message-sent', (e) => {
      const update: SupportUpdateEvent = {
        conversationId: e.conversation.id,
        message: presentSupportMessage(e.message),
        change: 'message',
      };
      const to = [rooms.supportDesk()];
      if (e.conversation.user_id) to.push(rooms.user(e.conversation.user_id));
      local.to(to).emit(EVENTS.supportUpdate, update);
    }),
    ctx.events.on('support.conversation-changed', (e) => {
      const update: SupportUpdateEvent = {
        conversationId: e.conversation.id,
        message: null,
        change: e.change,
      };
      const to = [rooms.supportDesk()];
      // Whether an operator read it is the operators' business only.
      if (e.conversation.user_id && e.change !== 'read')
        to.push(rooms.user(e.conversation.user_id));
      local.to(to).emit(EVENTS.supportUpdate, update);
    }),
    ctx.events.on('user.moderated', (e) => {
      if (!e.suspended) return;
      // Said before the sockets drop, so open screens show why rather than only 'Offline'.
      local.to(rooms.account(e.userId)).emit(EVENTS.userUpdate, {
        type: 'account-suspended',
        reason: e.reason ?? '',
      } satisfies UserUpdateEvent);
      local.in(rooms.account(e.userId)).disconnectSockets(true);
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
