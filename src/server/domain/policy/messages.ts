import { CLAIM_MESSAGES } from '../../../shared/claim';

// The words of every refusal the policy gives. Each "accounts only" action keeps its own
// sentence: each says what the guest would get by signing up, and screens show them as they are.

export const ONLY_READ = 'This access token can only read.';

export const TOKENS_NEED_SESSION =
  'Access tokens can only be managed from a signed-in session in the app.';

export const ACCOUNT_NEEDS_SESSION =
  'An access token can deploy, redeploy, roll back and delete sites, but not change the account, its billing or its keys. Sign in to the app for that.';

export const ADMIN_NEEDS_SESSION =
  'Access tokens cannot open the operators’ console, whoever made them. Sign in to the app to use it.';

export const NOT_AN_OPERATOR = 'This area is for the operators of this service only.';

/**
 * A guest's session lasts a day and its sites expire with it: an assistant set up with one
 * would lose everything it published. Tools need an account's access token.
 */
export const NO_GUESTS_ON_MCP =
  'Guest sessions cannot use the MCP endpoint. Create a free account, then make an access token in Settings → Access Tokens and use it as "Authorization: Bearer <token>".';

/** What a guest is told for each thing only accounts may do. */
export const ACCOUNTS_ONLY = {
  // Keys and tokens outlive sessions by months: a guest account is gone within a day.
  apiKeys: 'Create an account to store AI provider keys: guest sessions last 24 hours.',
  accessTokens: 'Create an account to use access tokens: guest sessions last 24 hours.',
  profile: 'Create an account to change your profile and password.',
  notifications: 'Create an account to choose which e-mails you get.',
  claim: CLAIM_MESSAGES.guestsCannotClaim,
  upgrade: 'Create an account to upgrade your plan.',
  teams: 'Create an account to create a team.',
  deleteAccount: 'A guest session has no account to delete.',
  passkeys: 'Create an account to add a passkey.',
  twoFactor: 'Create an account to use two-factor authentication.',
  email: 'Create an account first: guests have no e-mail address.',
  mcp: NO_GUESTS_ON_MCP,
  // A guest has no address to answer by e-mail when they are away; the contact form asks for one.
  support: 'Create an account to chat with support, or send us a message from the contact page.',
} as const;

export const SIGN_IN_AGAIN_TO_CHANGE_EMAIL =
  'For your safety, please sign out and sign in again, then change your address within 15 minutes.';

/** What needs a proven address, refused with how to prove it. */
export const confirmEmailFirst = (email: string) =>
  `Confirm your e-mail address first: open the link we sent to ${email}, or send a new one with "Resend link" on your dashboard or in Settings.`;

export const SECOND_FACTOR_REQUIRED_MESSAGE =
  'Operators need two-factor authentication. Set up an authenticator app or a passkey in Settings → Security first.';

export const OPERATORS_CANNOT_BE_SUSPENDED =
  'Operators cannot be suspended. Remove the ADMIN plan first.';
/** A team member whose role does not include what they asked. */
export const TEAM_ROLE_REFUSED = 'Your role in this team does not allow this.';
