import { io, type Socket } from 'socket.io-client';
import { getToken } from './client';

// The one realtime connection: a connect gives up after 20 s and is tried again up to
// 5 times, 1 s apart.
let socket: Socket | null = null;

export function getSocket(): Socket {
  if (!socket) {
    socket = io({
      path: '/socket.io',
      transports: ['websocket', 'polling'],
      timeout: 20_000,
      reconnectionAttempts: 5,
      reconnectionDelay: 1000,
      withCredentials: true,
      auth: (cb) => cb({ token: getToken() }),
    });
  }
  return socket;
}

/** Reconnect with the current token (after sign-in or sign-out). */
export function resetSocket(): void {
  if (!socket) return;
  socket.disconnect();
  socket.connect();
}
