import { useEffect, useRef } from 'react';
import type { EVENTS, JoinAck } from '../../shared/events';
import { getSocket } from '../api/socket';

type JoinEvent = (typeof EVENTS)[
  'joinDeployment' | 'joinSite' | 'joinUser' | 'joinTeam' | 'joinSupportDesk'];
type UpdateEvent = (typeof EVENTS)[
  'deploymentUpdate' | 'siteUpdate' | 'userUpdate' | 'supportUpdate'];

/**
 * Joins a room for `id` and hands its events to `onEvent`. The join is repeated on every
 * (re)connection, because a new socket starts in no rooms; `onJoined` runs after each
 * accepted join so a screen can refetch whatever happened while it was not listening.
 */
export function useRealtimeRoom<T>(
  join: JoinEvent,
  id: string | null | undefined,
  event: UpdateEvent,
  onEvent: (payload: T) => void,
  onJoined?: () => void,
): void {
  const handlers = useRef({ onEvent, onJoined });
  handlers.current = { onEvent, onJoined };

  useEffect(() => {
    if (!id) return;
    const socket = getSocket();
    const joinRoom = () =>
      socket.emit(join, id, (ack: JoinAck | undefined) => {
        if (ack?.ok) handlers.current.onJoined?.();
      });
    const listener = (payload: T) => handlers.current.onEvent(payload);
    socket.on(event, listener);
    socket.on('connect', joinRoom);
    if (socket.connected) joinRoom();
    return () => {
      socket.off(event, listener);
      socket.off('connect', joinRoom);
    };
  }, [join, id, event]);
}
