import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { Announcement } from '../../shared/admin';
import { EVENTS, type SystemUpdateEvent } from '../../shared/events';
import { reportsApi } from '../api/admin';
import { getSocket } from '../api/socket';

export const announcementsKey = ['announcements'] as const;
const DISMISSED_PREFIX = 'announcement-dismissed:';

function isDismissed(id: string): boolean {
  try {
    return localStorage.getItem(DISMISSED_PREFIX + id) !== null;
  } catch {
    return false;
  }
}

/**
 * The announcements to show now: fetched once on load, then kept current by `system-update`
 * (new ones arrive, ended ones go) without a reload; expired and dismissed ones are hidden.
 */
export function useAnnouncements() {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: announcementsKey,
    queryFn: async () => (await reportsApi.announcements()).announcements,
    retry: false,
    staleTime: Infinity,
  });
  const [, rerender] = useState(0);

  useEffect(() => {
    const socket = getSocket();
    const onUpdate = (e: SystemUpdateEvent) => {
      client.setQueryData<Announcement[]>(announcementsKey, (all = []) =>
        e.type === 'announcement'
          ? [e.announcement, ...all.filter((a) => a.id !== e.announcement.id)]
          : all.filter((a) => a.id !== e.id),
      );
    };
    // Anything posted while this screen was not connected: ask again after each reconnection.
    const onReconnect = () => void client.invalidateQueries({ queryKey: announcementsKey });
    socket.on(EVENTS.systemUpdate, onUpdate);
    socket.io.on('reconnect', onReconnect);
    return () => {
      socket.off(EVENTS.systemUpdate, onUpdate);
      socket.io.off('reconnect', onReconnect);
    };
  }, [client]);

  const now = Date.now();
  const shown = (query.data ?? []).filter(
    (a) => Date.parse(a.expiresAt) > now && !a.endedAt && !isDismissed(a.id),
  );

  // Hide each at its expiry without a reload.
  const nextExpiry = Math.min(...shown.map((a) => Date.parse(a.expiresAt)));
  useEffect(() => {
    if (!Number.isFinite(nextExpiry)) return;
    const timer = setTimeout(() => rerender((n) => n + 1), Math.max(0, nextExpiry - Date.now()));
    return () => clearTimeout(timer);
  }, [nextExpiry]);

  const dismiss = useCallback((id: string) => {
    try {
      localStorage.setItem(DISMISSED_PREFIX + id, new Date().toISOString());
    } catch {
      // private mode: dismissed for this page only
    }
    rerender((n) => n + 1);
  }, []);

  return { announcements: shown, dismiss };
}
