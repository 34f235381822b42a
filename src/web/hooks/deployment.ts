import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Deployment } from '../../shared/deployment';
import { EVENTS, type DeploymentUpdateEvent } from '../../shared/events';
import { deploymentsApi } from '../api/deployments';
import { isFinalStatus } from '../lib/status';
import { useConnection } from './connection';
import { useRealtimeRoom } from './realtime';

export const deploymentKey = (id: string) => ['deployment', id] as const;

/** Folds a realtime update into the cached deployment (the event carries the whole console). */
export function applyDeploymentUpdate(
  client: QueryClient,
  id: string,
  event: DeploymentUpdateEvent,
): void {
  client.setQueryData<Deployment>(deploymentKey(id), (old) =>
    old
      ? {
          ...old,
          status: event.status,
          progress: event.progress,
          message: event.message,
          logs: event.logs,
          buildLogs: event.logs.join('\n'),
          errorMessage: event.errorMessage ?? old.errorMessage,
          deployedAt: event.deployedAt ?? old.deployedAt,
        }
      : old,
  );
}

/**
 * One deployment, kept current by the socket; while the socket is down it is polled every
 * `pollMs` (SPEC.md section 9) until it is final. Updates for other deployments are ignored.
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

  const onEvent = useCallback(
    (event: DeploymentUpdateEvent) => {
      if (!id || event.deploymentId !== id) return;
      if (!client.getQueryData(deploymentKey(id))) return;
      applyDeploymentUpdate(client, id, event);
      // The final row also carries what events leave out (deployedAt, the live flag).
      if (isFinalStatus(event.status))
        void client.invalidateQueries({ queryKey: deploymentKey(id) });
    },
    [client, id],
  );
  // Anything that happened between the first fetch and the join is fetched again.
  const onJoined = useCallback(() => {
    if (id) void client.invalidateQueries({ queryKey: deploymentKey(id) });
  }, [client, id]);
  useRealtimeRoom(EVENTS.joinDeployment, id, EVENTS.deploymentUpdate, onEvent, onJoined);

  return query;
}
