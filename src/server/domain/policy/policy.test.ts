import { describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import type { UserRow } from '../../db/schema';
import type { AppError } from '../../errors';
import {
  ACCOUNT_NEEDS_SESSION,
  ACCOUNTS_ONLY,
  ADMIN_NEEDS_SESSION,
  NOT_AN_OPERATOR,
  ONLY_READ,
  TOKENS_NEED_SESSION,
  answersToBilling,
  authorize,
  can,
  createPolicy,
  refusal,
  roleOn,
  type Action,
  type SiteRole,
  type SiteAction,
  type SiteSubject,
  type TeamAction,
  type TeamSubject,
} from '.';
import type { TeamRole } from '../../../shared/team';

const person = (id: string, extra: Partial<UserRow> = {}): UserRow =>
  ({
    id,
    email: `${id}@example.com`,
    plan: 'FREE',
    is_guest: 0,
    email_verified: 1,
    suspended_at: null,
    suspended_reason: null,
    ...extra,
  }) as UserRow;

const ann = person('ann');
const bob = person('bob');
const guest = person('guest', { is_guest: 1 });
const annsSite: SiteSubject = { id: 's1', user_id: ann.id };

const SITE_ACTIONS = ['sites.view', 'sites.deploy', 'sites.change', 'sites.delete'] as const;

function refusedWith(error: AppError | null): { status: number; code: string; message: string } {
  expect(error).not.toBeNull();
  return { status: error!.status, code: error!.code, message: error!.message };
}

describe('the access policy', () => {
  it('lets the owner do everything to a site and tells anyone else it is missing', () => {
    expect(roleOn(ann, annsSite)).toBe('owner');
    expect(roleOn(bob, annsSite)).toBeNull();
    for (const action of SITE_ACTIONS) {
      expect(can(ann, action, annsSite), action).toBe(true);
      expect(refusedWith(refusal(bob, action, annsSite))).toEqual({
        status: 404,
        code: 'NOT_FOUND',
        message: 'Site not found',
      });
    }
  });

  it('answers a member with a role through one membership lookup (a stub of teams)', () => {
    const teamSite: SiteSubject = { id: 's2', user_id: ann.id, team_id: 'team-1' };
    const roles: Record<string, SiteRole> = { bob: 'member', cid: 'viewer' };
    const teams = createPolicy({
      membershipOf: (user, site) => (site.team_id === 'team-1' ? (roles[user.id] ?? null) : null),
    });
    const cid = person('cid');
    const dan = person('dan');
    expect(teams.roleOn(ann, teamSite)).toBe('owner');
    expect(teams.roleOn(bob, teamSite)).toBe('member');
    expect(teams.roleOn(cid, teamSite)).toBe('viewer');
    expect(teams.roleOn(dan, teamSite)).toBeNull();
    const may = (user: UserRow) => SITE_ACTIONS.filter((a) => teams.can(user, a, teamSite));
    expect(may(ann)).toEqual(['sites.view', 'sites.deploy', 'sites.change', 'sites.delete']);
    // On a team site a member works on the site as its owner would; a viewer only looks.
    expect(may(bob)).toEqual(['sites.view', 'sites.deploy', 'sites.change', 'sites.delete']);
    expect(may(cid)).toEqual(['sites.view']);
    expect(may(dan)).toEqual([]);
    // A membership is of its team's sites only.
    expect(teams.roleOn(bob, annsSite)).toBeNull();
    // Scopes still bind a member's token.
    const readToken = { user: bob, credential: { kind: 'token', scope: 'read' } } as const;
    expect(teams.refusal(readToken, 'sites.deploy', teamSite)?.message).toBe(ONLY_READ);
    expect(teams.can(readToken, 'sites.view', teamSite)).toBe(true);
  });

  // Every team role against every team action and site action: one row a role.
  const TEAM_ACTIONS: TeamAction[] = [
    'teams.view',
    'teams.invite',
    'teams.change-roles',
    'teams.remove-member',
    'teams.leave',
    'teams.transfer',
    'teams.delete',
    'teams.create-site',
    'teams.move-site-out',
  ];
  const MAY: Record<TeamRole | 'stranger', { team: TeamAction[]; site: SiteAction[] }> = {
    owner: {
      team: TEAM_ACTIONS.filter((a) => a !== 'teams.leave'),
      site: [...SITE_ACTIONS],
    },
    admin: {
      team: [
        'teams.view',
        'teams.invite',
        'teams.change-roles',
        'teams.remove-member',
        'teams.leave',
        'teams.create-site',
        'teams.move-site-out',
      ],
      site: [...SITE_ACTIONS],
    },
    member: {
      team: ['teams.view', 'teams.leave', 'teams.create-site'],
      site: [...SITE_ACTIONS],
    },
    viewer: { team: ['teams.view', 'teams.leave'], site: ['sites.view'] },
    stranger: { team: [], site: [] },
  };
  for (const [role, may] of Object.entries(MAY) as Array<
    [TeamRole | 'stranger', (typeof MAY)['owner']]
  >) {
    it(`gives a team's ${role} exactly the actions of that role`, () => {
      const cid = person('cid');
      const known = role === 'stranger' ? null : role;
      const team: TeamSubject = { team: { id: 't1' }, role: known };
      const site: SiteSubject = {
        id: 's3',
        user_id: ann.id,
        team_id: 't1',
        membership: known ? { userId: cid.id, role: known } : null,
      };
      expect(TEAM_ACTIONS.filter((a) => can(cid, a, team))).toEqual(may.team);
      expect(SITE_ACTIONS.filter((a) => can(cid, a, site))).toEqual(may.site);
      for (const action of TEAM_ACTIONS.filter((a) => !may.team.includes(a))) {
        // A stranger does not learn the team exists; a member hears their role falls short.
        expect(refusal(cid, action, team)?.status, action).toBe(known ? 403 : 404);
      }
      for (const action of SITE_ACTIONS.filter((a) => !may.site.includes(a))) {
        expect(refusal(cid, action, site)?.status, action).toBe(known ? 403 : 404);
      }
    });
  }

  it('judges access tokens by the action, with the words of each refusal', () => {
    const read = { user: ann, credential: { kind: 'token', scope: 'read' } } as const;
    const deploy = { user: ann, credential: { kind: 'token', scope: 'deploy' } } as const;
    const session = { user: ann, credential: { kind: 'session' } } as const;
    const cases: Array<[Action, string | null, string | null]> = [
      // action, read token's refusal, deploy token's refusal
      ['api.read', null, null],
      ['sites.view', null, null],
      ['mcp.connect', null, null],
      ['deployments.create', ONLY_READ, null],
      ['sites.deploy', ONLY_READ, null],
      ['sites.delete', ONLY_READ, null],
      ['api.change', ONLY_READ, ACCOUNT_NEEDS_SESSION],
      ['sites.change', ONLY_READ, ACCOUNT_NEEDS_SESSION],
      ['billing.change-plan', ONLY_READ, ACCOUNT_NEEDS_SESSION],
      ['access-tokens.manage', TOKENS_NEED_SESSION, TOKENS_NEED_SESSION],
      ['account.credentials', TOKENS_NEED_SESSION, TOKENS_NEED_SESSION],
      ['admin.console', ADMIN_NEEDS_SESSION, ADMIN_NEEDS_SESSION],
    ];
    for (const [action, forRead, forDeploy] of cases) {
      expect(refusal(read, action)?.message ?? null, `read ${action}`).toBe(forRead);
      expect(refusal(deploy, action)?.message ?? null, `deploy ${action}`).toBe(forDeploy);
      if (forRead) expect(refusal(read, action)?.status).toBe(403);
      if (action !== 'admin.console') expect(can(session, action), action).toBe(true);
    }
    // A domain function holding only the user row asks about the person, not the credential.
    expect(can(ann, 'api.change')).toBe(true);
  });

  it('refuses guests what only accounts may do, each in its own words', () => {
    const accountsOnly: Array<[Action, string]> = [
      ['api-keys.manage', ACCOUNTS_ONLY.apiKeys],
      ['access-tokens.manage', ACCOUNTS_ONLY.accessTokens],
      ['profile.change', ACCOUNTS_ONLY.profile],
      ['notifications.choose', ACCOUNTS_ONLY.notifications],
      ['sites.claim', ACCOUNTS_ONLY.claim],
      ['billing.upgrade', ACCOUNTS_ONLY.upgrade],
      ['billing.change-plan', ACCOUNTS_ONLY.upgrade],
      ['account.delete', ACCOUNTS_ONLY.deleteAccount],
      ['passkeys.add', ACCOUNTS_ONLY.passkeys],
      ['two-factor.use', ACCOUNTS_ONLY.twoFactor],
      ['email.manage', ACCOUNTS_ONLY.email],
      ['mcp.connect', ACCOUNTS_ONLY.mcp],
    ];
    for (const [action, words] of accountsOnly) {
      expect(refusedWith(refusal(guest, action))).toEqual({
        status: 403,
        code: 'FORBIDDEN',
        message: words,
      });
      expect(can(ann, action), action).toBe(true);
    }
    expect(() => authorize(guest, 'profile.change')).toThrow(ACCOUNTS_ONLY.profile);
    expect(can(guest, 'deployments.create')).toBe(true);
  });

  it('opens the console to operators only, and refuses suspended accounts with the reason', () => {
    const session = { kind: 'session' } as const;
    expect(refusal({ user: ann, credential: session }, 'admin.console')?.message).toBe(
      NOT_AN_OPERATOR,
    );
    expect(can({ user: ann, credential: session, operator: true }, 'admin.console')).toBe(true);
    const banned = person('eve', {
      suspended_at: '2026-01-01T00:00:00.000Z',
      suspended_reason: 'spam',
    });
    const refused = refusedWith(refusal(banned, 'account.sign-in'));
    expect(refused.code).toBe('ACCOUNT_SUSPENDED');
    expect(refused.message).toContain('spam');
    expect(can(ann, 'account.sign-in')).toBe(true);
  });

  it('leaves operators and guests out of billing, even before an admin address is proven', () => {
    const config = { adminEmails: new Set(['ops@example.com']) } as Config;
    expect(answersToBilling(config, ann)).toBe(true);
    expect(answersToBilling(config, guest)).toBe(false);
    expect(answersToBilling(config, person('x', { plan: 'ADMIN' }))).toBe(false);
    const unproven = person('ops', { email: 'ops@example.com', email_verified: 0 });
    expect(answersToBilling(config, unproven)).toBe(false);
  });
});
