import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { Deployment } from '../../shared/deployment';
import {
  EVENTS,
  type DeploymentUpdateEvent,
  type SiteUpdateEvent,
  type UserUpdateEvent,
} from '../../shared/events';
import type { Site } from '../../shared/site';
import { deploymentsApi } from '../api/deployments';
import { remixApi } from '../api/remix';
import { sitesApi } from '../api/sites';
import { isFinalStatus } from '../lib/status';
import { useConnection } from './connection';
import { applyDeploymentUpdate } from './deployment';
import { useRealtimeRoom } from './realtime';
import { useSession } from './session';

export const sitesKey = ['sites'] as const;
export const siteKey = (id: string) => ['site', id] as const;
export const siteDeploymentsKey = (id: string) => ['site', id, 'deployments'] as const;

// Socket-driven refetches are throttled to one per 2 s; 60 s polling when offline.
const REFETCH_THROTTLE_MS = 2000;
const OFFLINE_REFETCH_MS = 60_000;
// One site's screen is polled more often while the socket is down: a build may be running.
const SITE_OFFLINE_REFETCH_MS = 30_000;

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
    (e) => {
      if (e.type !== 'sessions-changed') throttledRefetch();
    },
    throttledRefetch,
  );
  useRealtimeRoom<SiteUpdateEvent>(EVENTS.joinUser, user?.id, EVENTS.siteUpdate, (e) => {
    setStatus(e.siteId, e.status);
    // Disabled or enabled by the operators: the reason travels with the site, not the event.
    const known = query.data?.find((s) => s.id === e.siteId);
    if (known && (e.status === 'INACTIVE') !== Boolean(known.disabledReason)) throttledRefetch();
    // A live site without a preview yet: this may be its preview landing (the list's thumbnail).
    else if (known && e.status === 'ACTIVE' && !known.previewUrl) throttledRefetch();
  });
  return query;
}

/** One site, without its realtime room: the base both site hooks share (one query). */
function useSiteQuery(id: string) {
  const connected = useConnection();
  return useQuery({
    queryKey: siteKey(id),
    queryFn: () => sitesApi.get(id),
    enabled: Boolean(id),
    retry: false,
    staleTime: 0,
    refetchInterval: connected ? false : SITE_OFFLINE_REFETCH_MS,
  });
}

/**
 * One of the signed-in user's sites, kept current through the site's realtime room. The room
 * is joined once the site has loaded, so a site that is not theirs is never asked for.
 */
export function useSite(id: string) {
  const client = useQueryClient();
  const setStatus = useSetSiteStatus();
  const query = useSiteQuery(id);
  const fetchAgain = useCallback(
    () => void client.invalidateQueries({ queryKey: siteKey(id) }),
    [client, id],
  );
  useRealtimeRoom<SiteUpdateEvent>(
    EVENTS.joinSite,
    query.data?.id,
    EVENTS.siteUpdate,
    (e) => {
      if (e.siteId !== id) return;
      setStatus(id, e.status);
      // The domain and certificate states travel with the site, not in the event.
      fetchAgain();
    },
    fetchAgain,
  );
  return query;
}

/**
 * A site's versions, newest first, with each build's progress folded in as it happens. A
 * failed fetch is only logged: the history then shows empty rather than an error.
 */
export function useSiteDeployments(id: string) {
  const client = useQueryClient();
  const connected = useConnection();
  const site = useSiteQuery(id);
  const query = useQuery({
    queryKey: siteDeploymentsKey(id),
    queryFn: () =>
      sitesApi.deployments(id).catch((err: unknown) => {
        console.error('Failed to fetch deployments', err);
        return [] as Deployment[];
      }),
    enabled: Boolean(id),
    retry: false,
    staleTime: 0,
    refetchInterval: connected ? false : SITE_OFFLINE_REFETCH_MS,
  });
  const fetchAgain = useCallback(() => {
    void client.invalidateQueries({ queryKey: siteKey(id) });
    void client.invalidateQueries({ queryKey: siteDeploymentsKey(id) });
  }, [client, id]);
  useRealtimeRoom<DeploymentUpdateEvent>(
    EVENTS.joinSite,
    site.data?.id,
    EVENTS.deploymentUpdate,
    (e) => {
      const list = client.getQueryData<Deployment[]>(siteDeploymentsKey(id));
      // A version this screen has not seen yet (a redeploy from elsewhere): ask for the list.
      if (!list?.some((d) => d.id === e.deploymentId)) return fetchAgain();
      applyDeploymentUpdate(client, siteDeploymentsKey(id), e);
      // A finished build changes the site too (its live version, its status).
      if (isFinalStatus(e.status)) fetchAgain();
    },
    // What happened before the join; the site itself is asked again by useSite.
    () => void client.invalidateQueries({ queryKey: siteDeploymentsKey(id) }),
  );
  return query;
}

/** Makes an earlier version of a site live again. */
export function useRollback(siteId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deployment: Deployment) => sitesApi.rollback(siteId, deployment.id),
    onSuccess: (res) => {
      client.setQueryData(siteKey(siteId), res.site);
      void client.invalidateQueries({ queryKey: sitesKey });
      void client.invalidateQueries({ queryKey: siteKey(siteId) });
      void client.invalidateQueries({ queryKey: siteDeploymentsKey(siteId) });
    },
  });
}

/** Turns the site's version links on or off; the history shows or hides them. */
export function useSetVersionLinks(siteId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => sitesApi.setVersionLinks(siteId, enabled),
    onSuccess: (site) => {
      client.setQueryData(siteKey(siteId), site);
      void client.invalidateQueries({ queryKey: siteDeploymentsKey(siteId) });
    },
  });
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

/** Saves who may frame a site; the site's page shows the saved list. */
export function useSaveEmbedding(siteId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (allowedOrigins: string[] | null) => sitesApi.saveEmbedding(siteId, allowedOrigins),
    onSuccess: (res) => {
      client.setQueryData<Site>(siteKey(siteId), (site) =>
        site ? { ...site, embedding: res.embedding } : site,
      );
    },
  });
}

/** Allows or stops remixing of the site; the site page shows the saved switch. */
export function useSetRemixAllowed(siteId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (allowed: boolean) => remixApi.setAllowed(siteId, allowed),
    onSuccess: (site) => client.setQueryData(siteKey(siteId), site),
  });
}
