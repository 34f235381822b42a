import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { createClient } from 'redis';
import { LocalEventBus } from './bus';
import type { AppEvents, EventName } from './types';

const CHANNEL = 'artifact-host:events';
const CONNECT_TIMEOUT_MS = 5000;

interface Envelope {
  /** The node that emitted: it delivered to itself already. */
  origin: string;
  name: EventName;
  payload: unknown;
}

function client(url: string) {
  // No offline queue: an event that can't be sent now is worthless later.
  return createClient({
    url,
    disableOfflineQueue: true,
    socket: { connectTimeout: CONNECT_TIMEOUT_MS },
  });
}

/**
 * The bus across nodes: every event is delivered here at once and published on one Redis
 * channel, which every other node hears. Events emitted while Redis is unreachable reach
 * only this node; hosting revalidates its caches on a short timer so none stays stale.
 */
export class RedisEventBus extends LocalEventBus {
  private readonly origin = randomUUID();
  private readonly pub: ReturnType<typeof client>;
  private readonly sub: ReturnType<typeof client>;
  private down = false;
  /** Set once connected: failures before that are the start's to report. */
  private started = false;

  private constructor(log: Logger, url: string) {
    super(log);
    this.pub = client(url);
    this.sub = client(url);
    for (const c of [this.pub, this.sub]) {
      c.on('error', (err: Error) => this.noteDown(err));
      c.on('ready', () => this.noteUp());
    }
  }

  static async connect(url: string, log: Logger): Promise<RedisEventBus> {
    const bus = new RedisEventBus(log, url);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new Error(`Redis at REDIS_URL did not answer within ${CONNECT_TIMEOUT_MS / 1000} s`),
          ),
        CONNECT_TIMEOUT_MS,
      );
    });
    // The client would retry for ever: the first failure at start is final.
    let refuse: (err: Error) => void = () => undefined;
    const refused = new Promise<never>((_, reject) => {
      refuse = (err: Error) =>
        reject(new Error(`Could not reach Redis at REDIS_URL: ${err.message}`));
    });
    for (const c of [bus.pub, bus.sub]) c.once('error', refuse);
    try {
      await Promise.race([Promise.all([bus.pub.connect(), bus.sub.connect()]), timeout, refused]);
      for (const c of [bus.pub, bus.sub]) c.off('error', refuse);
      bus.started = true;
      await bus.sub.subscribe(CHANNEL, (message) => bus.receive(message));
    } catch (err) {
      bus.pub.destroy();
      bus.sub.destroy();
      throw err;
    } finally {
      clearTimeout(timer);
    }
    return bus;
  }

  override emit<K extends EventName>(name: K, payload: AppEvents[K]): void {
    this.deliver(name, payload, true);
    const envelope: Envelope = { origin: this.origin, name, payload };
    this.pub.publish(CHANNEL, JSON.stringify(envelope)).catch((err: Error) => this.noteDown(err));
  }

  private receive(message: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message) as Envelope;
    } catch {
      this.log.warn('ignored a malformed event from Redis');
      return;
    }
    if (envelope.origin === this.origin) return;
    this.deliver(envelope.name, envelope.payload, false);
  }

  // One line per outage, not one per failed event.
  private noteDown(err: Error): void {
    if (this.down || !this.started) return;
    this.down = true;
    this.log.warn(
      { reason: err.message },
      'lost Redis: events reach only this node until it is back',
    );
  }

  private noteUp(): void {
    if (!this.down) return;
    this.down = false;
    this.log.info('Redis is back: events reach every node again');
  }

  override async close(): Promise<void> {
    await super.close();
    await Promise.allSettled([this.sub.close(), this.pub.close()]);
  }
}
