import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { EVENTS, type SiteUpdateEvent, type UserUpdateEvent } from '../../shared/events';
import type { TeamSitesResponse } from '../../shared/team';
import { teamsApi } from '../api/teams';
import { useConnection } from './connection';
import { useRealtimeRoom } from './realtime';
import { useSession } from './session';
import { teamSitesKey } from './teams';

type TeamSite = TeamSitesResponse['sites'][number];

// One poll a minute while the socket is down, as the personal list does.
const OFFLINE_REFETCH_MS = 60_000;

/**
 * A team's sites for its dashboard, kept current through the team's realtime room: a site
 * created or deleted by any member is asked for again, a status change is written in place.
 * Null: no team chosen (the personal space), nothing is asked.
 */
export function useTeamSites(teamId: string | null) {
  const { user } = useSession();
  const connected = useConnection();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: teamSitesKey(teamId ?? ''),
    queryFn: () => teamsApi.sites(teamId!),
    enabled: Boolean(user && teamId),
    retry: false,
    staleTime: 0,
    refetchInterval: connected ? false : OFFLINE_REFETCH_MS,
  });
  const fetchAgain = useCallback(() => {
    if (teamId) void client.invalidateQueries({ queryKey: teamSitesKey(teamId) });
  }, [client, teamId]);
  useRealtimeRoom<UserUpdateEvent>(
    EVENTS.joinTeam,
    teamId,
    EVENTS.userUpdate,
    (e) => {
      if ((e.type === 'site-created' || e.type === 'site-deleted') && e.teamId === teamId) {
        fetchAgain();
      }
    },
    fetchAgain,
  );
  useRealtimeRoom<SiteUpdateEvent>(EVENTS.joinTeam, teamId, EVENTS.siteUpdate, (e) => {
    if (!teamId || e.teamId !== teamId) return;
    client.setQueryData<TeamSite[]>(teamSitesKey(teamId), (all) =>
      all?.map((s) => (s.id === e.siteId ? { ...s, status: e.status } : s)),
    );
    // A finished build adds a version (and its author) to the list.
    if (e.status === 'ACTIVE' || e.status === 'ERROR') fetchAgain();
  });
  return query;
}
