/** socket.io room names: one per user, site and deployment, and one per session (for logout). */
export const rooms = {
  deployment: (id: string) => `deployment:${id}`,
  site: (id: string) => `site:${id}`,
  user: (id: string) => `user:${id}`,
  session: (id: string) => `session:${id}`,
};
