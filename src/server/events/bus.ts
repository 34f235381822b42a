import type { Logger } from 'pino';
import type { AppEvents, EventHandler, EventName } from './types';

export interface EventBus {
  /** Delivers to this node's handlers at once, and to every other node when there are several. */
  emit<K extends EventName>(name: K, payload: AppEvents[K]): void;
  /** Returns a function that removes the handler. */
  on<K extends EventName>(name: K, handler: EventHandler<K>): () => void;
  close(): Promise<void>;
}

/** The in-process bus: one node, synchronous delivery, a throwing handler never stops the others. */
export class LocalEventBus implements EventBus {
  private readonly handlers = new Map<EventName, Set<(payload: unknown) => void>>();

  constructor(protected readonly log: Logger) {}

  emit<K extends EventName>(name: K, payload: AppEvents[K]): void {
    this.deliver(name, payload);
  }

  on<K extends EventName>(name: K, handler: EventHandler<K>): () => void {
    let set = this.handlers.get(name);
    if (!set) this.handlers.set(name, (set = new Set()));
    const h = handler as (payload: unknown) => void;
    set.add(h);
    return () => set.delete(h);
  }

  protected deliver(name: EventName, payload: unknown): void {
    for (const handler of this.handlers.get(name) ?? []) {
      try {
        handler(payload);
      } catch (err) {
        this.log.error({ err, event: name }, 'an event handler failed');
      }
    }
  }

  async close(): Promise<void> {
    this.handlers.clear();
  }
}
