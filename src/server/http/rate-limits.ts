import fastifyRateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { ForgotPasswordRequestSchema } from '../../shared/account';
import { MAX_UPLOAD_BYTES } from '../../shared/limits';
import { tooManyRequests } from '../errors';
import { normalAddress, type RateCounter } from '../limits/rate-counter';

// Every request-rate limit of the API, in one place. Each route names its limits in its options
// (`config: { rateLimit: limits.signUp }`, or the hooks of `deployLimits`); nothing else is
// limited. The counting itself is the rate counter's (limits/rate-counter.ts): in Redis when
// REDIS_URL is set, so web nodes behind a load balancer spend one budget. The client address
// is the socket's unless TRUST_PROXY says a proxy in front may be believed (Fastify trustProxy).

const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/**
 * Bytes of source one account may send to deploy in a minute, pastes and uploads together:
 * two of the largest uploads at once, then one every half minute. A person pasting from a
 * chat never meets it; a script uploading large zips in a loop does, before its uploads
 * fill the disk and the server's loop.
 */
export const DEPLOY_BYTES_PER_MINUTE = 2 * MAX_UPLOAD_BYTES;

/** One address's deploys, all its accounts together, as a multiple of one account's. */
export const ADDRESS_DEPLOYS_FACTOR = 3;

/**
 * The client's address as every limit counts it: an IPv6 client is its /64, since one
 * household or server holds a whole /64 and could otherwise take a new address per attempt.
 */
export function clientAddress(request: FastifyRequest): string {
  return normalAddress(request.ip);
}

type Limit = RateLimitOptions & { what: string; counter: string };

/**
 * A limit whose refusal says what was limited ("Too many {what}") and when to come back;
 * `counter` names its counts in the rate counter.
 */
function limit(counter: string, what: string, options: RateLimitOptions): Limit {
  return {
    ...options,
    what,
    counter,
    errorResponseBuilder: (_request, context) => refusal(what, context.ttl),
  };
}

function refusal(what: string, ttlMs: number) {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  return tooManyRequests(`Too many ${what}. Please try again in ${waitInWords(seconds)}.`, seconds);
}

const perAccount = (request: FastifyRequest) =>
  request.currentUser ? `user:${request.currentUser.id}` : `ip:${clientAddress(request)}`;

/** 'Forgot your password?' from one address, and to one e-mail address, per hour. */
export const PASSWORD_RESETS_PER_ADDRESS = 20;
export const PASSWORD_RESETS_PER_EMAIL = 5;

/** The limits routes apply. */
export function rateLimits(config: Config) {
  return {
    signUp: limit('sign-up', 'sign-ups from your network', {
      max: config.signUpsPerHour,
      timeWindow: HOUR_MS,
    }),
    guest: limit('guest', 'guest sessions from your network', {
      max: config.signUpsPerHour,
      timeWindow: HOUR_MS,
    }),
    // Wrong passwords are slowed further by domain/login-throttle; this bounds the hashing.
    signIn: limit('sign-in', 'sign-in attempts from your network', {
      max: 30,
      timeWindow: MINUTE_MS,
    }),
    // Deploys count after authentication: per account wherever it deploys from, and per
    // address across the accounts it holds, guests included.
    deploy: limit('deploy-hour', 'deployments from your account', {
      max: config.deploysPerHour,
      timeWindow: HOUR_MS,
      keyGenerator: perAccount,
    }),
    deployBurst: limit('deploy-minute', 'deployments from your account in a minute', {
      max: config.deploysPerMinute,
      timeWindow: MINUTE_MS,
      keyGenerator: perAccount,
    }),
    deployFromAddress: limit('deploy-address', 'deployments from your network', {
      max: config.deploysPerHour * ADDRESS_DEPLOYS_FACTOR,
      timeWindow: HOUR_MS,
      keyGenerator: clientAddress,
    }),
    // A reset link costs an e-mail: per address, and per recipient so nobody's inbox is flooded.
    passwordResetFromAddress: limit('reset-address', 'password reset requests from your network', {
      max: PASSWORD_RESETS_PER_ADDRESS,
      timeWindow: HOUR_MS,
      keyGenerator: clientAddress,
    }),
    passwordResetToEmail: limit('reset-email', 'password reset requests for this address', {
      max: PASSWORD_RESETS_PER_EMAIL,
      timeWindow: HOUR_MS,
      keyGenerator: (request: FastifyRequest) => {
        const parsed = ForgotPasswordRequestSchema.safeParse(request.body ?? {});
        return parsed.success ? `email:${parsed.data.email}` : `ip:${clientAddress(request)}`;
      },
    }),
  };
}

/**
 * Both limits of 'Forgot your password?', after the body is read (the e-mail is in it). The
 * refusal is the same whether or not the address has an account.
 */
export function passwordResetLimits(app: FastifyInstance, config: Config) {
  const limits = rateLimits(config);
  const budgets = [limits.passwordResetFromAddress, limits.passwordResetToEmail].map(
    ({ what, ...options }) => ({ what, check: app.createRateLimit(options) }),
  );
  return {
    preHandler: async (request: FastifyRequest) => {
      for (const { what, check } of budgets) {
        const state = await check(request);
        if (!state.isAllowed && state.isExceeded) throw refusal(what, state.ttl);
      }
    },
  };
}

type DeployLimits = ReturnType<typeof makeDeployLimits>;
// Each createRateLimit keeps its own counts, so the hook is made once per server.
const deployLimitsOf = new WeakMap<Config, DeployLimits>();

/**
 * The hook of the deploy routes, made once so that paste, upload, redeploy and the MCP
 * deploy tool spend one budget: the account's hour and minute, and its address's hour. The
 * plugin runs one limit per request, so this hook checks the three itself. After
 * authentication (preHandler), before an upload is read.
 */
export function deployLimits(
  app: FastifyInstance,
  config: Config,
  rates: RateCounter,
): DeployLimits {
  let made = deployLimitsOf.get(config);
  if (!made) deployLimitsOf.set(config, (made = makeDeployLimits(app, config, rates)));
  return made;
}

/** Bytes of source one account may deploy in a minute, counted as the deploys are. */
const DEPLOY_BYTES = { name: 'deploy-bytes', max: DEPLOY_BYTES_PER_MINUTE, windowMs: MINUTE_MS };

function makeDeployLimits(app: FastifyInstance, config: Config, rates: RateCounter) {
  const limits = rateLimits(config);
  const budgets = [limits.deploy, limits.deployBurst, limits.deployFromAddress].map(
    ({ what, ...options }) => ({ what, check: app.createRateLimit(options) }),
  );
  // A deploy with no session at all makes a guest behind the scenes (domain/deployments/guest-deploys.ts):
  // it spends the address's guest budget, as POST /api/auth/guest does.
  const { what: guestWhat, ...guestOptions } = limits.guest;
  const newGuest = { what: guestWhat, check: app.createRateLimit(guestOptions) };
  return {
    preHandler: async (request: FastifyRequest) => {
      for (const { what, check } of request.currentUser ? budgets : [...budgets, newGuest]) {
        const state = await check(request);
        if (!state.isAllowed && state.isExceeded) throw refusal(what, state.ttl);
      }
      // what the request says it carries, before a byte of an upload is read
      const size = Math.min(Number(request.headers['content-length']) || 0, MAX_UPLOAD_BYTES);
      const bytes = await rates.take(DEPLOY_BYTES, perAccount(request), size);
      if (!bytes.allowed) {
        throw refusal('megabytes deployed from your account in a minute', bytes.retryAfterMs);
      }
    },
  };
}

function waitInWords(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

interface StoreReply {
  current: number;
  ttl: number;
}

/**
 * The plugin's store, counting in the rate counter. Each limit's counts are its own: a route's
 * under its counter's name and the route (as the plugin keeps one count per route), a hook's
 * (createRateLimit) under its counter's name alone.
 */
function counterStore(rates: RateCounter) {
  return class CounterStore {
    private readonly name: string;

    constructor(name?: unknown) {
      this.name = typeof name === 'string' ? name : 'api';
    }

    incr(
      key: string,
      done: (err: Error | null, reply?: StoreReply) => void,
      windowMs: number,
      max: number,
    ) {
      rates.take({ name: this.name, max, windowMs }, key).then(
        (verdict) => done(null, { current: verdict.count, ttl: verdict.retryAfterMs }),
        (err: Error) => done(err),
      );
    }

    child(options: object) {
      const { counter, routeInfo } = options as {
        counter?: string;
        routeInfo?: { method?: unknown; url?: string };
      };
      const route = routeInfo?.url ? ` ${String(routeInfo.method)} ${routeInfo.url}` : '';
      return new CounterStore(`${counter ?? 'api'}${route}`);
    }
  };
}

export async function registerRateLimits(app: FastifyInstance, rates: RateCounter): Promise<void> {
  // Each limit brings its own refusal (limit()); nothing is limited unless a route asks.
  await app.register(fastifyRateLimit, { global: false, store: counterStore(rates) });
}
