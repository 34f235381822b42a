import type { TeamRole } from '../../../shared/team';
import { ACCOUNTS_ONLY, ADMIN_NEEDS_SESSION, TOKENS_NEED_SESSION } from './messages';

/**
 * What someone may be on a site: its owner, or a member of its team with their team role (the
 * team's owner is the owner of its sites). A personal site has its owner only.
 */
export type SiteRole = TeamRole;

const ANY_ROLE: readonly TeamRole[] = ['owner', 'admin', 'member', 'viewer'];
const WORKERS: readonly TeamRole[] = ['owner', 'admin', 'member'];
const MANAGERS: readonly TeamRole[] = ['owner', 'admin'];
const OWNER: readonly TeamRole[] = ['owner'];
const NOT_OWNER: readonly TeamRole[] = ['admin', 'member', 'viewer'];

/**
 * One action's rule, as independent facets; a facet left out does not apply. They are judged
 * in this order, and the first that fails gives the refusal:
 * 1. `tokens`: which access tokens may ask (any scope, the deploy scope, or none: a session);
 *    `tokenRefusal` gives the words when no token may, else they follow the token's scope.
 * 2. `guests`: the action is for accounts only, and this is what a guest is told.
 * 3. `notSuspended`: a suspended account is refused, with the operator's reason.
 * 4. `operators`: only the operators of the service.
 * 5. `siteRoles`: the roles on the subject site that may; anyone without a role is told it is
 *    missing, so nobody learns that another account's site exists, and a team member whose
 *    role falls short is refused (403).
 * 6. `teamRoles`: the same for a team as the subject: a stranger is told it is missing.
 */
export interface Rule {
  tokens?: 'any' | 'deploy' | 'never';
  tokenRefusal?: string;
  guests?: string;
  notSuspended?: true;
  operators?: true;
  siteRoles?: readonly SiteRole[];
  teamRoles?: readonly TeamRole[];
}

// Tokens: reads are open to both scopes; a deploy token may change sites only through the
// deploy API; nothing a token carries may change the account, its billing, its keys or mint
// further tokens, and no token reaches the operators' console, whoever minted it: a token
// lives for months in scripts and CI settings, and the console reads every account.
export const RULES = {
  // A call that names no action of its own: reads for every token, changes for sessions.
  'api.read': { tokens: 'any' },
  'api.change': { tokens: 'never' },

  // Sites and their deployments.
  'deployments.create': { tokens: 'deploy' },
  'sites.view': { tokens: 'any', siteRoles: ANY_ROLE },
  'sites.deploy': { tokens: 'deploy', siteRoles: WORKERS },
  'sites.change': { tokens: 'never', siteRoles: WORKERS },
  // Version links on or off: a site setting like the others, for the same roles.
  'sites.version-links': { tokens: 'never', siteRoles: WORKERS },
  // Who gets in to a private site (its password, its share links): a setting like the others,
  // by session only: a token in a script has no business handing out a way in.
  'sites.access': { tokens: 'never', siteRoles: WORKERS },
  'sites.delete': { tokens: 'deploy', siteRoles: WORKERS },
  // Whether visitors may remix a site: a setting like the others, for the same roles.
  'sites.remixing': { tokens: 'never', siteRoles: WORKERS },
  // Remixing someone's site makes a site of one's own, as a deploy does (a guest's expires);
  // whether this site may be remixed is judged by `remixableSite` (policy/remix.ts).
  'sites.remix': { tokens: 'deploy' },
  // Fix with AI spends the owner's AI key: those who may deploy, by session only (a script has
  // its own way to call a provider and nothing to click).
  'sites.fix-with-ai': { tokens: 'never', siteRoles: WORKERS },
  // Who takes a guest's sites: accounts only (a guest claiming would keep them expiring).
  'sites.claim': { guests: ACCOUNTS_ONLY.claim },

  // The account and its credentials.
  'account.sign-in': { notSuspended: true },
  'account.credentials': { tokens: 'never', tokenRefusal: TOKENS_NEED_SESSION },
  'access-tokens.manage': {
    tokens: 'never',
    tokenRefusal: TOKENS_NEED_SESSION,
    guests: ACCOUNTS_ONLY.accessTokens,
  },
  'api-keys.manage': { guests: ACCOUNTS_ONLY.apiKeys },
  'profile.change': { guests: ACCOUNTS_ONLY.profile },
  'notifications.choose': { guests: ACCOUNTS_ONLY.notifications },
  'email.manage': { guests: ACCOUNTS_ONLY.email },
  'passkeys.add': { guests: ACCOUNTS_ONLY.passkeys },
  'two-factor.use': { guests: ACCOUNTS_ONLY.twoFactor },
  'billing.upgrade': { guests: ACCOUNTS_ONLY.upgrade },
  // Charges the card at once: a person in the app, never a script's token.
  'billing.change-plan': { tokens: 'never', guests: ACCOUNTS_ONLY.upgrade },
  'account.delete': { guests: ACCOUNTS_ONLY.deleteAccount },

  // The MCP endpoint: tools judge the scope one by one (one POST carries any tool).
  'mcp.connect': { tokens: 'any', guests: ACCOUNTS_ONLY.mcp },

  // Teams: one line a role rule. The owner pays and may do all; admins run the membership;
  // members work on the team's sites; viewers only look.
  'teams.create': { tokens: 'never', guests: ACCOUNTS_ONLY.teams },
  'teams.view': { tokens: 'any', teamRoles: ANY_ROLE },
  'teams.invite': { tokens: 'never', teamRoles: MANAGERS },
  'teams.change-roles': { tokens: 'never', teamRoles: MANAGERS },
  'teams.remove-member': { tokens: 'never', teamRoles: MANAGERS },
  'teams.leave': { tokens: 'never', teamRoles: NOT_OWNER },
  'teams.transfer': { tokens: 'never', teamRoles: OWNER },
  'teams.delete': { tokens: 'never', teamRoles: OWNER },
  'teams.create-site': { tokens: 'deploy', teamRoles: WORKERS },
  'teams.move-site-out': { tokens: 'never', teamRoles: MANAGERS },
  // An invitation link is its own secret: whoever holds it may see what it invites to, signed
  // in or not, so they know which address to sign up with. Accepting is judged by the address.
  'invitations.view': {},

  // Support: a person's own chat, by session (a token in a script has nothing to ask); the
  // operators answer every conversation from the console.
  'support.chat': { tokens: 'never', guests: ACCOUNTS_ONLY.support },

  // The operators' console.
  'admin.console': { tokens: 'never', tokenRefusal: ADMIN_NEEDS_SESSION, operators: true },
  'support.answer': { tokens: 'never', tokenRefusal: ADMIN_NEEDS_SESSION, operators: true },
} as const satisfies Record<string, Rule>;

export type Action = keyof typeof RULES;

/** Actions whose subject is a team. */
export type TeamAction = Extract<Action, `teams.${string}`>;

/** Actions whose subject is a site. */
export type SiteAction =
  | 'sites.view'
  | 'sites.deploy'
  | 'sites.change'
  | 'sites.version-links'
  | 'sites.access'
  | 'sites.remixing'
  | 'sites.fix-with-ai'
  | 'sites.delete';

/**
 * What each MCP tool does, in the rules' words: one POST /mcp carries any tool, so a tool is
 * judged by its name as a route is by its action.
 */
export const MCP_TOOL_ACTIONS = {
  deploy_artifact: 'deployments.create',
  list_sites: 'sites.view',
  get_deployment_logs: 'sites.view',
  rollback_site: 'sites.deploy',
} as const satisfies Record<string, Action>;
