/** socket.io room names: one per user, team, site and deployment, one per session (for logout) and one per access token (for revocation). */
export const rooms = {
  deployment: (id: string) => `deployment:${id}`,
  site: (id: string) => `site:${id}`,
  user: (id: string) => `user:${id}`,
  /** Every member watching the team's dashboard; joined when the policy lets them see the team. */
  team: (id: string) => `team:${id}`,
  session: (id: string) => `session:${id}`,
  accessToken: (id: string) => `access-token:${id}`,
  /** Every socket signed in as this account, whatever opened it; joined at connection, never asked for. */
  account: (id: string) => `account:${id}`,
  /** The operators' open Support tabs: every conversation's news. */
  supportDesk: () => 'support-desk',
};
