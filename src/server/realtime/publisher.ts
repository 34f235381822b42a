import type { DeploymentUpdateEvent, SiteUpdateEvent, UserUpdateEvent } from '../../shared/events';

/** Who hears about an entity: its own room and the rooms that list it. */
export interface Audience {
  userId: string;
  siteId: string;
}

/** What the pipeline and the domain announce; socket.io is one implementation. */
export interface RealtimePublisher {
  deployment(event: DeploymentUpdateEvent, to: Audience): void;
  site(event: SiteUpdateEvent, to: Audience): void;
  user(event: UserUpdateEvent, userId: string): void;
}

export const rooms = {
  deployment: (id: string) => `deployment:${id}`,
  site: (id: string) => `site:${id}`,
  user: (id: string) => `user:${id}`,
};
