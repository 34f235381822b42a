import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  ChangeRoleRequestSchema,
  CreateTeamRequestSchema,
  DeleteTeamRequestSchema,
  InviteRequestSchema,
  MoveSiteRequestSchema,
  TransferRequestSchema,
  type InvitationInfoResponse,
  type InvitationResponse,
  type TeamDetailResponse,
  type TeamResponse,
  type TeamSitesResponse,
  type TeamsResponse,
} from '../../../../shared/team';
import type { SiteResponse } from '../../../../shared/site';
import type { AppContext } from '../../../context';
import {
  acceptInvitation,
  invitationInfo,
  invite,
  resendInvitation,
  revokeInvitation,
} from '../../../domain/teams/invitations';
import { listTeamSites, moveSite } from '../../../domain/teams/team-sites';
import {
  changeRole,
  createTeam,
  deleteTeam,
  leaveTeam,
  listTeams,
  removeMember,
  teamDetail,
  transferTeam,
} from '../../../domain/teams/teams';
import { presentSite } from '../../../presenters/site';
import { requireUser } from '../../auth';
import { IdParamsSchema } from '../../params';

const MemberParamsSchema = z.object({ id: z.string(), userId: z.string() });
const InvitationParamsSchema = z.object({ id: z.string(), invitationId: z.string() });
const TokenParamsSchema = z.object({ token: z.string() });

// Teams: members with roles, invitations, the team's sites. Every decision is the policy's,
// asked by the domain functions with the team as the subject.
export function teamRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.post('/', { config: { action: 'teams.create' } }, async (request, reply) => {
      const { name } = CreateTeamRequestSchema.parse(request.body ?? {});
      const team = await createTeam(ctx, requireUser(request), name);
      return reply.status(201).send({ team } satisfies TeamResponse);
    });

    app.get('/', async (request) => {
      return (await listTeams(ctx, requireUser(request))) satisfies TeamsResponse;
    });

    app.get('/:id', async (request) => {
      const { id } = IdParamsSchema.parse(request.params);
      return (await teamDetail(ctx, requireUser(request), id)) satisfies TeamDetailResponse;
    });

    app.delete('/:id', { config: { action: 'teams.delete' } }, async (request) => {
      const { id } = IdParamsSchema.parse(request.params);
      const { sites } = DeleteTeamRequestSchema.parse(request.body ?? {});
      await deleteTeam(ctx, requireUser(request), id, sites);
      return { ok: true, id };
    });

    app.get('/:id/sites', async (request) => {
      const { id } = IdParamsSchema.parse(request.params);
      const listed = await listTeamSites(ctx, requireUser(request), id);
      return {
        sites: listed.map(({ site, versions }) => ({
          ...presentSite(ctx.config, site),
          versions,
        })),
      } satisfies TeamSitesResponse;
    });

    app.post('/:id/invitations', { config: { action: 'teams.invite' } }, async (request, reply) => {
      const { id } = IdParamsSchema.parse(request.params);
      const { email, role } = InviteRequestSchema.parse(request.body ?? {});
      const invitation = await invite(ctx, requireUser(request), id, email, role);
      return reply.status(201).send({ invitation } satisfies InvitationResponse);
    });

    app.delete(
      '/:id/invitations/:invitationId',
      { config: { action: 'teams.invite' } },
      async (request) => {
        const { id, invitationId } = InvitationParamsSchema.parse(request.params);
        await revokeInvitation(ctx, requireUser(request), id, invitationId);
        return { ok: true, id: invitationId };
      },
    );

    app.post(
      '/:id/invitations/:invitationId/resend',
      { config: { action: 'teams.invite' } },
      async (request, reply) => {
        const { id, invitationId } = InvitationParamsSchema.parse(request.params);
        const invitation = await resendInvitation(ctx, requireUser(request), id, invitationId);
        return reply.status(201).send({ invitation } satisfies InvitationResponse);
      },
    );

    app.patch(
      '/:id/members/:userId',
      { config: { action: 'teams.change-roles' } },
      async (request) => {
        const { id, userId } = MemberParamsSchema.parse(request.params);
        const { role } = ChangeRoleRequestSchema.parse(request.body ?? {});
        await changeRole(ctx, requireUser(request), id, userId, role);
        return { ok: true, userId, role };
      },
    );

    app.delete(
      '/:id/members/:userId',
      { config: { action: 'teams.remove-member' } },
      async (request) => {
        const { id, userId } = MemberParamsSchema.parse(request.params);
        await removeMember(ctx, requireUser(request), id, userId);
        return { ok: true, userId };
      },
    );

    app.post('/:id/leave', { config: { action: 'teams.leave' } }, async (request) => {
      const { id } = IdParamsSchema.parse(request.params);
      await leaveTeam(ctx, requireUser(request), id);
      return { ok: true, id };
    });

    app.post('/:id/transfer', { config: { action: 'teams.transfer' } }, async (request) => {
      const { id } = IdParamsSchema.parse(request.params);
      const { userId } = TransferRequestSchema.parse(request.body ?? {});
      await transferTeam(ctx, requireUser(request), id, userId);
      return { ok: true, ownerId: userId };
    });
  };
}

/**
 * GET /api/invitations/:token: what the link invites to, for its holder, signed in or not.
 * POST /api/invitations/:token/accept: the signed-in holder of the invited address joins.
 */
export function invitationRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/:token', { config: { action: 'invitations.view' } }, async (request) => {
      const { token } = TokenParamsSchema.parse(request.params);
      return { invitation: await invitationInfo(ctx, token) } satisfies InvitationInfoResponse;
    });

    app.post('/:token/accept', async (request) => {
      const { token } = TokenParamsSchema.parse(request.params);
      const team = await acceptInvitation(ctx, requireUser(request), token);
      return { team };
    });
  };
}

/** POST /api/sites/:id/move { teamId | null }: a site into a team or back to a person. */
export function siteMoveRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.post('/:id/move', async (request) => {
      const { id } = IdParamsSchema.parse(request.params);
      const { teamId } = MoveSiteRequestSchema.parse(request.body ?? {});
      const site = await moveSite(ctx, requireUser(request), id, teamId);
      return { site: presentSite(ctx.config, site) } satisfies SiteResponse;
    });
  };
}
