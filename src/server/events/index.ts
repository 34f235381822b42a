import type { Logger } from 'pino';
import type { Config } from '../config';
import { LocalEventBus, type EventBus } from './bus';
import { RedisEventBus } from './redis-bus';

export type { EventBus } from './bus';
export type * from './types';

/** In-process by default; over Redis pub/sub when REDIS_URL is set, so every node hears every event. */
export async function createEventBus(config: Config, log: Logger): Promise<EventBus> {
  if (!config.redisUrl) return new LocalEventBus(log);
  return RedisEventBus.connect(config.redisUrl, log);
}
