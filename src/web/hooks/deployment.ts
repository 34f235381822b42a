import { useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Deployment } from '../../shared/deployment';
import { EVENTS, type DeploymentUpdateEvent } from '../../shared/events';
import { deploymentsApi } from '../api/deployments';
import { isFinalStatus } from '../lib/status';
import { useConnection } from './connection';
import { useRealtimeRoom } from './realtime';

export const deploymentKey = (id: string) => ['deployment', id] as const;

/**
 * Folds a realtime update into whatever is cached under `queryKey`: one deployment, or a
 * list of them (a site's history). The event carries the whole console, so it replaces it.
 */
export function applyDeploymentUpdate(
  client: QueryClient,
  queryKey: QueryKey,
  event: DeploymentUpdateEvent,
): void {
  const fold = (d: Deployment): Deployment =>
    d.id !== event.deploymentId
      ? d
      : {
          ...d,
          status: event.status,
          progress: event.progress,
          message: event.message,
          logs: event.logs,
          buildLogs: event.logs.join('\n'),
          errorMessage: event.errorMessage ?? d.errorMessage,
          deployedAt: event.deployedAt ?? d.deployedAt,
        };
  client.setQueryData<Deployment | Deployment[]>(queryKey, (old) =>
    old === undefined ? old : Array.isArray(old) ? old.map(fold) : fold(old),
  );
}

/**
 * One deployment, kept current by the socket; while the socket is down it is polled every
 * `pollMs` (each screen picks its own) until final. Updates for other deployments are ignored.
 */
export function useDeployment(id: string | undefined, pollMs: number) {
  const client = useQueryClient();
  const connected = useConnection();
  const query = useQuery({
    queryKey: deploymentKey(id ?? ''),
    queryFn: () => deploymentsApi.get(id as string),
    enabled: Boolean(id),
    retry: false,
    staleTime: 0,
    refetchInterval: (q) =>
      connected || (q.state.data && isFinalStatus(q.state.data.status)) ? false : pollMs,
  });

  // A fetch already under way may have read the row before what just happened, and while no
  // answer is in React Query joins that fetch instead of starting one: start afresh.
  const fetchAgain = useCallback(() => {
    if (!id) return;
    const queryKey = deploymentKey(id);
    void client.cancelQueries({ queryKey }).then(() => client.invalidateQueries({ queryKey }));
  }, [client, id]);

  const onEvent = useCallback(
    (event: DeploymentUpdateEvent) => {
      if (!id || event.deploymentId !== id) return;
      // The final row also carries what events leave out (deployedAt, the live flag).
      if (isFinalStatus(event.status)) fetchAgain();
      applyDeploymentUpdate(client, deploymentKey(id), event);
    },
    [client, id, fetchAgain],
  );
  // Anything that happened between the first fetch and the join is fetched again.
  useRealtimeRoom(EVENTS.joinDeployment, id, EVENTS.deploymentUpdate, onEvent, fetchAgain);

  return query;
}
