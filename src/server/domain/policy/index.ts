// The access policy: every "may this actor do this (to that)?" of the server is answered
// here. Routes, tools, socket joins and domain functions ask; none decides for itself.
// (`whoIsAsking`, which resolves a credential into an actor, is imported from its own file:
// it reads sessions and tokens, which ask this module in turn.)

export { actorOf, type Actor, type Asker, type Credential } from './actor';
export {
  answersToBilling,
  authorize,
  can,
  createPolicy,
  isOperator,
  refusal,
  roleOn,
  type PolicyDeps,
  type SiteSubject,
  type TeamSubject,
} from './decide';
export {
  MCP_TOOL_ACTIONS,
  RULES,
  type Action,
  type Rule,
  type SiteAction,
  type SiteRole,
  type TeamAction,
} from './rules';
export * from './messages';
export {
  assertMayDeploy,
  mayWatch,
  ownedDeployment,
  ownedSite,
  withMembership,
  type RoomKind,
} from './sites';
export {
  assertMayMakePrivate,
  assertMayRunTeam,
  assertMayUseCustomDomains,
  assertMayWhiteLabel,
  mayRunTeams,
  mayWhiteLabel,
} from './plan-gates';
export { remixableSite } from './remix';
export { mayGetCertificate } from './certificate-eligibility';
export { assertSignedInSince } from './recent-sign-in';
export { assertEmailVerified } from './verified-address';
export { assertOperatorSecondFactor, operatorOwesSecondFactor } from './operator-second-factor';
export { assertMaySuspend } from './moderation';
export { mayManageBilling, ownsCheckout } from './billing';
export { assertInvitationIsFor, assertNotTheOwner, authorizeOnTeam, teamSubject } from './teams';
export {
  assertMayBeAssigned,
  assertMaySeeConversation,
  maySeeConversation,
  mayWatchSupportDesk,
} from './support';
