import fastifyRateLimit, { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { ForgotPasswordRequestSchema } from '../../shared/account';
import { MAX_UPLOAD_BYTES } from '../../shared/limits';
import { tooManyRequests } from '../errors';
import { RateLimiter } from '../lib/token-bucket';

// Every request-rate limit of the API, in one place. Each route names its limits in its options
// (`config: { rateLimit: limits.signUp }`, or the hooks of `deployLimits`); nothing else is
// limited. Counts are kept in this process, so behind a load balancer each web node allows its
// own share. The client address is the socket's unless TRUST_PROXY says a proxy in front may
// be believed (Fastify trustProxy).

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
  return normalizeIP(request.ip);
}

/** A limit whose refusal says what was limited ("Too many {what}") and when to come back. */
function limit(what: string, options: RateLimitOptions): RateLimitOptions & { what: string } {
  return {
    ...options,
    what,
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
    signUp: limit('sign-ups from your network', {
      max: config.signUpsPerHour,
      timeWindow: HOUR_MS,
    }),
    guest: limit('guest sessions from your network', {
      max: config.signUpsPerHour,
      timeWindow: HOUR_MS,
    }),
    // Wrong passwords are slowed further by domain/login-throttle; this bounds the hashing.
    signIn: limit('sign-in attempts from your network', { max: 30, timeWindow: MINUTE_MS }),
    // Deploys count after authentication: per account wherever it deploys from, and per
    // address across the accounts it holds, guests included.
    deploy: limit('deployments from your account', {
      max: config.deploysPerHour,
      timeWindow: HOUR_MS,
      keyGenerator: perAccount,
    }),
    deployBurst: limit('deployments from your account in a minute', {
      max: config.deploysPerMinute,
      timeWindow: MINUTE_MS,
      keyGenerator: perAccount,
    }),
    deployFromAddress: limit('deployments from your network', {
      max: config.deploysPerHour * ADDRESS_DEPLOYS_FACTOR,
      timeWindow: HOUR_MS,
      keyGenerator: clientAddress,
    }),
    // A reset link costs an e-mail: per address, and per recipient so nobody's inbox is flooded.
    passwordResetFromAddress: limit('password reset requests from your network', {
      max: PASSWORD_RESETS_PER_ADDRESS,
      timeWindow: HOUR_MS,
      keyGenerator: clientAddress,
    }),
    passwordResetToEmail: limit('password reset requests for this address', {
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
export function deployLimits(app: FastifyInstance, config: Config): DeployLimits {
  let made = deployLimitsOf.get(config);
  if (!made) deployLimitsOf.set(config, (made = makeDeployLimits(app, config)));
  return made;
}

function makeDeployLimits(app: FastifyInstance, config: Config) {
  const limits = rateLimits(config);
  const budgets = [limits.deploy, limits.deployBurst, limits.deployFromAddress].map(
    ({ what, ...options }) => ({ what, check: app.createRateLimit(options) }),
  );
  // A deploy with no session at all makes a guest behind the scenes (domain/guest-deploys.ts):
  // it spends the address's guest budget, as POST /api/auth/guest does.
  const { what: guestWhat, ...guestOptions } = limits.guest;
  const newGuest = { what: guestWhat, check: app.createRateLimit(guestOptions) };
  const bytes = new RateLimiter(DEPLOY_BYTES_PER_MINUTE / 60, DEPLOY_BYTES_PER_MINUTE);
  return {
    preHandler: async (request: FastifyRequest) => {
      for (const { what, check } of request.currentUser ? budgets : [...budgets, newGuest]) {
        const state = await check(request);
        if (!state.isAllowed && state.isExceeded) throw refusal(what, state.ttl);
      }
      // what the request says it carries, before a byte of an upload is read
      const size = Math.min(Number(request.headers['content-length']) || 0, MAX_UPLOAD_BYTES);
      const key = perAccount(request);
      if (!bytes.take(key, Date.now(), size)) {
        throw refusal('megabytes deployed from your account in a minute', bytes.waitMs(key, size));
      }
    },
  };
}

function waitInWords(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  // Each limit brings its own refusal (limit()); nothing is limited unless a route asks.
  await app.register(fastifyRateLimit, { global: false });
}
