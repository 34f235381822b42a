import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { EVENTS, type UserUpdateEvent } from '../../shared/events';
import { getSocket } from '../api/socket';

const suspensionKey = ['account', 'suspension'] as const;

/**
 * The operators' reason, once they suspend the account while a screen is open: the server
 * says it to the account's sockets just before dropping them, so the screen can say why
 * instead of only going 'Offline'. Kept in the query cache, so every screen of the app knows.
 */
export function useAccountSuspension(): string | null {
  const client = useQueryClient();
  useEffect(() => {
    const socket = getSocket();
    const heard = (e: UserUpdateEvent) => {
      if (e.type === 'account-suspended') client.setQueryData(suspensionKey, { reason: e.reason });
    };
    socket.on(EVENTS.userUpdate, heard);
    return () => {
      socket.off(EVENTS.userUpdate, heard);
    };
  }, [client]);
  const { data } = useQuery<{ reason: string } | null>({
    queryKey: suspensionKey,
    queryFn: () => null,
    enabled: false,
    staleTime: Infinity,
  });
  return data ? data.reason : null;
}
