import { z } from 'zod';
import { DeployedBySchema } from './deployment';
import { SiteSchema } from './site';

// Teams: a name, an owner and members with a role; sites that belong to the team count against
// its owner's plan.

export const TEAM_ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
export const TeamRoleSchema = z.enum(TEAM_ROLES);
export type TeamRole = z.infer<typeof TeamRoleSchema>;

/** The roles an invitation or a role change may give: ownership moves only by a transfer. */
export const InvitableRoleSchema = z.enum(['admin', 'member', 'viewer']);
export type InvitableRole = z.infer<typeof InvitableRoleSchema>;

export const TeamSchema = z.object({ id: z.string(), slug: z.string(), name: z.string() });
export type Team = z.infer<typeof TeamSchema>;

export const CreateTeamRequestSchema = z.object({ name: z.string().trim().min(1).max(80) });
export const TeamResponseSchema = z.object({ team: TeamSchema });
export type TeamResponse = z.infer<typeof TeamResponseSchema>;

export const MyTeamSchema = TeamSchema.extend({ role: TeamRoleSchema });
export const TeamsResponseSchema = z.object({ teams: z.array(MyTeamSchema) });
export type TeamsResponse = z.infer<typeof TeamsResponseSchema>;

export const TeamMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: TeamRoleSchema,
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const PendingInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: InvitableRoleSchema,
  expiresAt: z.string(),
  createdAt: z.string(),
});

export const TeamActivitySchema = z.object({
  id: z.string(),
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
  action: z.string(),
  detail: z.string(),
  createdAt: z.string(),
});
export type TeamActivity = z.infer<typeof TeamActivitySchema>;

export const TeamDetailResponseSchema = z.object({
  team: MyTeamSchema.extend({
    ownerId: z.string(),
    members: z.array(TeamMemberSchema),
    invitations: z.array(PendingInvitationSchema),
    activity: z.array(TeamActivitySchema),
  }),
});
export type TeamDetailResponse = z.infer<typeof TeamDetailResponseSchema>;

export const InviteRequestSchema = z.object({
  email: z.string().trim().toLowerCase().email(),
  role: InvitableRoleSchema,
});
export const InvitationResponseSchema = z.object({
  invitation: z.object({
    id: z.string(),
    url: z.string(),
    email: z.string(),
    expiresAt: z.string(),
  }),
});
export type InvitationResponse = z.infer<typeof InvitationResponseSchema>;

/** Where an invitation link stands: only a pending one can be accepted. */
export const InvitationStateSchema = z.enum(['pending', 'expired', 'accepted', 'revoked']);
export type InvitationState = z.infer<typeof InvitationStateSchema>;

/** Why a link that is no longer pending cannot be used, in plain words (API and screen). */
export const INVITATION_NOT_PENDING: Record<Exclude<InvitationState, 'pending'>, string> = {
  revoked: 'This invitation was revoked. Ask for a new one.',
  accepted: 'This invitation has already been used.',
  expired: 'This invitation has expired. Ask for a new one.',
};

/** GET /api/invitations/:token: what the link's holder is invited to, signed in or not. */
export const InvitationInfoResponseSchema = z.object({
  invitation: z.object({
    teamName: z.string(),
    inviterName: z.string().nullable(),
    email: z.string(),
    role: InvitableRoleSchema,
    expiresAt: z.string(),
    state: InvitationStateSchema,
  }),
});
export type InvitationInfoResponse = z.infer<typeof InvitationInfoResponseSchema>;
export type InvitationInfo = InvitationInfoResponse['invitation'];

export const ChangeRoleRequestSchema = z.object({ role: InvitableRoleSchema });
export const TransferRequestSchema = z.object({ userId: z.string() });
/** What becomes of a deleted team's sites: they move to the owner, or go with the team. */
export const DeleteTeamRequestSchema = z.object({ sites: z.enum(['move-to-owner', 'delete']) });
export const MoveSiteRequestSchema = z.object({ teamId: z.string().nullable() });

export const TeamSiteVersionSchema = z.object({
  id: z.string(),
  version: z.number(),
  status: z.string(),
  createdAt: z.string(),
  deployedBy: DeployedBySchema,
});
export const TeamSiteSchema = SiteSchema.extend({
  versions: z.array(TeamSiteVersionSchema),
});
export const TeamSitesResponseSchema = z.object({ sites: z.array(TeamSiteSchema) });
export type TeamSitesResponse = z.infer<typeof TeamSitesResponseSchema>;
