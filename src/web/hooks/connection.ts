import { useEffect, useState } from 'react';
import { getSocket } from '../api/socket';

/** Whether the realtime socket is up ('Live') or down ('Offline'). */
export function useConnection(): boolean {
  const socket = getSocket();
  const [connected, setConnected] = useState(socket.connected);
  useEffect(() => {
    const up = () => setConnected(true);
    const down = () => setConnected(false);
    socket.on('connect', up);
    socket.on('disconnect', down);
    socket.on('connect_error', down);
    setConnected(socket.connected);
    return () => {
      socket.off('connect', up);
      socket.off('disconnect', down);
      socket.off('connect_error', down);
    };
  }, [socket]);
  return connected;
}
