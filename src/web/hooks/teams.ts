import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { EVENTS, type UserUpdateEvent } from '../../shared/events';
import type { TeamRole } from '../../shared/team';
import { teamsApi } from '../api/teams';
import { useRealtimeRoom } from './realtime';
import { useSession } from './session';
import { sitesKey } from './sites';

export const teamsKey = ['teams'] as const;
export const teamKey = (id: string) => ['team', id] as const;
export const teamSitesKey = (id: string) => ['team', id, 'sites'] as const;

/** The teams the signed-in person belongs to, with their role in each. */
export function useTeams() {
  const { user } = useSession();
  return useQuery({
    queryKey: teamsKey,
    queryFn: teamsApi.list,
    enabled: Boolean(user),
    retry: false,
    staleTime: 0,
  });
}

/** One team with its members, pending invitations and activity. */
export function useTeam(id: string | undefined) {
  const { user } = useSession();
  return useQuery({
    queryKey: teamKey(id ?? ''),
    queryFn: () => teamsApi.get(id!),
    enabled: Boolean(user && id),
    retry: false,
    staleTime: 0,
  });
}

/**
 * A change to a team (invite, role, removal, transfer...): on success the team and the list
 * of teams are asked again, so the screen shows what the server now holds.
 */
export function useTeamChange<T, V = void>(teamId: string, change: (input: V) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: teamKey(teamId) });
      void client.invalidateQueries({ queryKey: teamsKey });
    },
  });
}

/** The signed-in person's role in a team, or null while unknown or when not a member. */
export function useTeamRole(teamId: string | null | undefined): TeamRole | null {
  const { data } = useTeams();
  if (!teamId) return null;
  return data?.find((t) => t.id === teamId)?.role ?? null;
}

/** Roles that may create, deploy and change a team's sites; a viewer only looks. */
export function mayChangeTeamSites(role: TeamRole | null): boolean {
  return role === 'owner' || role === 'admin' || role === 'member';
}

// The dashboard's space ("Personal" or a team) is remembered per browser, not per account:
// two people sharing a browser each sign in to their own list anyway.
const SPACE_KEY = 'dashboardSpace';
const spaceListeners = new Set<() => void>();

function readSpace(): string {
  try {
    return localStorage.getItem(SPACE_KEY) ?? 'personal';
  } catch {
    return 'personal';
  }
}

function subscribeSpace(listener: () => void) {
  spaceListeners.add(listener);
  return () => spaceListeners.delete(listener);
}

/**
 * The space the dashboard shows: 'personal' or a team id. A remembered team the person is no
 * longer in (removed, team deleted) reads as 'personal'.
 */
export function useSpace(): [string, (space: string) => void] {
  const stored = useSyncExternalStore(subscribeSpace, readSpace, () => 'personal');
  const { data: teams } = useTeams();
  const space = stored === 'personal' || teams?.some((t) => t.id === stored) ? stored : 'personal';
  const setSpace = useCallback((next: string) => {
    try {
      localStorage.setItem(SPACE_KEY, next);
    } catch {
      // Private windows may refuse storage; the choice then lasts for this page only.
    }
    spaceListeners.forEach((l) => l());
  }, []);
  return [space, setSpace];
}

/**
 * Mounted once for the whole app: when the person's place in a team changes (invited in,
 * role changed, removed, team deleted), every open screen refetches what depends on it,
 * so a lowered role loses its buttons at once, without a reload.
 */
export function LiveTeams() {
  const { user } = useSession();
  const client = useQueryClient();
  useRealtimeRoom<UserUpdateEvent>(EVENTS.joinUser, user?.id, EVENTS.userUpdate, (event) => {
    if (event.type !== 'teams-changed') return;
    void client.invalidateQueries({ queryKey: teamsKey });
    void client.invalidateQueries({ queryKey: ['team', event.teamId] });
    void client.invalidateQueries({ queryKey: sitesKey });
    // A site page of a team site re-asks; without access it answers as not found.
    void client.invalidateQueries({ queryKey: ['site'] });
  });
  return null;
}
