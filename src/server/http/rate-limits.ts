import fastifyRateLimit, { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { tooManyRequests } from '../errors';

// Every request-rate limit of the API, in one place. Each route names its limit in its options
// (`config: { rateLimit: limits.signUp }`); nothing else is limited. Counts are kept in this
// process, so behind a load balancer each web node allows its own share. The client address
// is the socket's unless TRUST_PROXY says a proxy in front may be believed (Fastify trustProxy).

const HOUR_MS = 60 * 60 * 1000;

/**
 * The client's address as every limit counts it: an IPv6 client is its /64, since one
 * household or server holds a whole /64 and could otherwise take a new address per attempt.
 */
export function clientAddress(request: FastifyRequest): string {
  return normalizeIP(request.ip);
}

type Limit = RateLimitOptions & { what: string };

function limit(what: string, options: RateLimitOptions): RateLimitOptions {
  return { ...options, what } as Limit;
}

/** The limits routes apply; `what` words the refusal ("Too many {what}"). */
export function rateLimits(config: Config) {
  return {
    signUp: limit('sign-ups from your network', {
      max: config.signUpsPerHour,
      timeWindow: HOUR_MS,
    }),
    guest: limit('guest sessions from your network', {
      max: config.signUpsPerHour,
      timeWindow: HOUR_MS,
    }),
    // Wrong passwords are slowed further by domain/login-throttle; this bounds the hashing.
    signIn: limit('sign-in attempts from your network', { max: 30, timeWindow: 60 * 1000 }),
    // After authentication (preHandler), so it counts per account wherever it signs in from.
    deploy: limit('deployments from your account', {
      max: config.deploysPerHour,
      timeWindow: HOUR_MS,
      hook: 'preHandler',
      keyGenerator: (request: FastifyRequest) =>
        request.currentUser ? `user:${request.currentUser.id}` : `ip:${clientAddress(request)}`,
    }),
  };
}

function waitInWords(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      const what = (request.routeOptions.config.rateLimit as Limit | undefined)?.what;
      return tooManyRequests(
        `Too many ${what ?? 'requests'}. Please try again in ${waitInWords(seconds)}.`,
        seconds,
      );
    },
  });
}
