import type { Logger } from 'pino';
import type { AppEvents, EventHandler, EventName } from './types';

export interface EventBus {
  /** Delivers to this node's handlers at once, and to every other node when there are several. */
  emit<K extends EventName>(name: K, payload: AppEvents[K]): void;
  /** Returns a function that removes the handler. */
  on<K extends EventName>(name: K, handler: EventHandler<K>): () => void;
  /**
   * Like `on`, but only for events this node emitted: for work that must happen once across
   * a cluster (sending an e-mail), done by the node where the change was made.
   */
  onOwn<K extends EventName>(name: K, handler: EventHandler<K>): () => void;
  close(): Promise<void>;
}

/** The in-process bus: one node, synchronous delivery, a throwing handler never stops the others. */
export class LocalEventBus implements EventBus {
  private readonly handlers = new Map<EventName, Set<(payload: unknown) => void>>();
  private readonly ownHandlers = new Map<EventName, Set<(payload: unknown) => void>>();

  constructor(protected readonly log: Logger) {}

  emit<K extends EventName>(name: K, payload: AppEvents[K]): void {
    this.deliver(name, payload, true);
  }

  on<K extends EventName>(name: K, handler: EventHandler<K>): () => void {
    return LocalEventBus.add(this.handlers, name, handler);
  }

  onOwn<K extends EventName>(name: K, handler: EventHandler<K>): () => void {
    return LocalEventBus.add(this.ownHandlers, name, handler);
  }

  private static add<K extends EventName>(
    map: Map<EventName, Set<(payload: unknown) => void>>,
    name: K,
    handler: EventHandler<K>,
  ): () => void {
    let set = map.get(name);
    if (!set) map.set(name, (set = new Set()));
    const h = handler as (payload: unknown) => void;
    set.add(h);
    return () => set.delete(h);
  }

  /** `own`: this node emitted the event, so its `onOwn` handlers hear it too. */
  protected deliver(name: EventName, payload: unknown, own: boolean): void {
    const ownOnly = own ? (this.ownHandlers.get(name) ?? []) : [];
    for (const handler of [...(this.handlers.get(name) ?? []), ...ownOnly]) {
      try {
        handler(payload);
      } catch (err) {
        this.log.error({ err, event: name }, 'an event handler failed');
      }
    }
  }

  async close(): Promise<void> {
    this.handlers.clear();
    this.ownHandlers.clear();
  }
}
