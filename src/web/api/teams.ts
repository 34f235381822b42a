import type { InvitableRole } from '../../shared/team';
import type {
  InvitationInfoResponse,
  InvitationResponse,
  TeamDetailResponse,
  TeamResponse,
  TeamSitesResponse,
  TeamsResponse,
} from '../../shared/team';
import type { SiteResponse } from '../../shared/site';
import { api } from './client';

const team = (id: string) => `/teams/${encodeURIComponent(id)}`;

// Teams the signed-in person belongs to, their members, invitations and sites.
export const teamsApi = {
  list: () => api<TeamsResponse>('/teams').then((r) => r.teams),
  get: (id: string) => api<TeamDetailResponse>(team(id)).then((r) => r.team),
  create: (name: string) => api<TeamResponse>('/teams', { body: { name } }).then((r) => r.team),
  remove: (id: string, sites: 'move-to-owner' | 'delete') =>
    api<{ ok: true }>(team(id), { method: 'DELETE', body: { sites } }),
  sites: (id: string) => api<TeamSitesResponse>(`${team(id)}/sites`).then((r) => r.sites),
  invite: (id: string, email: string, role: InvitableRole) =>
    api<InvitationResponse>(`${team(id)}/invitations`, { body: { email, role } }).then(
      (r) => r.invitation,
    ),
  revokeInvitation: (id: string, invitationId: string) =>
    api<{ ok: true }>(`${team(id)}/invitations/${encodeURIComponent(invitationId)}`, {
      method: 'DELETE',
    }),
  resendInvitation: (id: string, invitationId: string) =>
    api<InvitationResponse>(`${team(id)}/invitations/${encodeURIComponent(invitationId)}/resend`, {
      method: 'POST',
    }).then((r) => r.invitation),
  changeRole: (id: string, userId: string, role: InvitableRole) =>
    api<{ ok: true }>(`${team(id)}/members/${encodeURIComponent(userId)}`, {
      method: 'PATCH',
      body: { role },
    }),
  removeMember: (id: string, userId: string) =>
    api<{ ok: true }>(`${team(id)}/members/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
  leave: (id: string) => api<{ ok: true }>(`${team(id)}/leave`, { method: 'POST' }),
  transfer: (id: string, userId: string) =>
    api<{ ok: true }>(`${team(id)}/transfer`, { body: { userId } }),
  /** What an invitation link invites to: open to whoever holds the link, signed in or not. */
  invitation: (token: string) =>
    api<InvitationInfoResponse>(`/invitations/${encodeURIComponent(token)}`).then(
      (r) => r.invitation,
    ),
  accept: (token: string) =>
    api<TeamResponse>(`/invitations/${encodeURIComponent(token)}/accept`, { method: 'POST' }).then(
      (r) => r.team,
    ),
  /** A site into a team (its id) or back to its mover's own sites (null). */
  moveSite: (siteId: string, teamId: string | null) =>
    api<SiteResponse>(`/sites/${encodeURIComponent(siteId)}/move`, { body: { teamId } }).then(
      (r) => r.site,
    ),
};
