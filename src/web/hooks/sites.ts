import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { EVENTS, type SiteUpdateEvent, type UserUpdateEvent } from '../../shared/events';
import type { Site } from '../../shared/site';
import { deploymentsApi } from '../api/deployments';
import { sitesApi } from '../api/sites';
import { useConnection } from './connection';
import { useRealtimeRoom } from './realtime';
import { useSession } from './session';

export const sitesKey = ['sites'] as const;
export const siteKey = (id: string) => ['site', id] as const;
export const siteDeploymentsKey = (id: string) => ['site', id, 'deployments'] as const;

// SPEC.md section 9: refetches are throttled to one per 2 s; 60 s polling when offline.
const REFETCH_THROTTLE_MS = 2000;
const OFFLINE_REFETCH_MS = 60_000;

/** Changes one site's status wherever it is cached (list and detail). */
export function useSetSiteStatus() {
  const client = useQueryClient();
  return useCallback(
    (siteId: string, status: Site['status']) => {
      client.setQueryData<Site[]>(sitesKey, (all) =>
        all?.map((s) => (s.id === siteId ? { ...s, status } : s)),
      );
      client.setQueryData<Site>(siteKey(siteId), (site) => (site ? { ...site, status } : site));
    },
    [client],
  );
}

/** The signed-in user's sites, kept current through the user's realtime room. */
export function useSites() {
  const { user } = useSession();
  const connected = useConnection();
  const setStatus = useSetSiteStatus();
  const query = useQuery({
    queryKey: sitesKey,
    queryFn: sitesApi.list,
    enabled: Boolean(user),
    retry: false,
    staleTime: 0,
    refetchInterval: connected ? false : OFFLINE_REFETCH_MS,
  });

  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { refetch } = query;
  const throttledRefetch = useCallback(() => {
    if (timer.current) return;
    const wait = Math.max(0, last.current + REFETCH_THROTTLE_MS - Date.now());
    timer.current = setTimeout(() => {
      timer.current = null;
      last.current = Date.now();
      void refetch();
    }, wait);
  }, [refetch]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  useRealtimeRoom<UserUpdateEvent>(
    EVENTS.joinUser,
    user?.id,
    EVENTS.userUpdate,
    throttledRefetch,
    throttledRefetch,
  );
  useRealtimeRoom<SiteUpdateEvent>(EVENTS.joinUser, user?.id, EVENTS.siteUpdate, (e) => {
    setStatus(e.siteId, e.status);
    // Disabled or enabled by the operators: the reason travels with the site, not the event.
    const known = query.data?.find((s) => s.id === e.siteId);
    if (known && (e.status === 'INACTIVE') !== Boolean(known.disabledReason)) throttledRefetch();
  });
  return query;
}

/** Starts a new build of a site's current source. */
export function useRedeploy() {
  const client = useQueryClient();
  const setStatus = useSetSiteStatus();
  return useMutation({
    mutationFn: (siteId: string) => deploymentsApi.redeploy(siteId),
    onSuccess: (_res, siteId) => {
      setStatus(siteId, 'BUILDING');
      void client.invalidateQueries({ queryKey: siteDeploymentsKey(siteId) });
    },
  });
}

export function useDeleteSite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (siteId: string) => sitesApi.remove(siteId),
    onSuccess: (_res, siteId) => {
      client.setQueryData<Site[]>(sitesKey, (all) => all?.filter((s) => s.id !== siteId));
      client.removeQueries({ queryKey: siteKey(siteId) });
    },
  });
}

export const DELETE_SITE_CONFIRMATION =
  'Are you sure you want to delete this site? This action cannot be undone.';
