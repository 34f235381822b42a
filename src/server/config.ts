import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

// The only reader of the environment. Everything else receives a Config.
const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  APP_ORIGIN: z.url().optional(),
  SITES_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+(:\d+)?$/i, 'must be a host name, optionally with a port')
    .optional(),
  SITES_PROTOCOL: z.enum(['http', 'https']).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis://')
    .optional(),
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAILS: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BUILD_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  ROLES: z.string().default('web,worker'),
  NPM_REGISTRY: z.url().default('https://registry.npmjs.org'),
  ENABLE_ANALYTICS: z.string().optional(),
  ENABLE_OAUTH: z.string().optional(),
  ENABLE_CUSTOM_DOMAINS: z.string().optional(),
  TRUST_PROXY: bool,
  SEED_DEMOS: z.enum(['true', 'false']).default('true'),
});

export type Role = 'web' | 'worker';

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  appOrigin: string;
  sitesDomain: string;
  sitesProtocol: 'http' | 'https';
  databaseUrl: string | null;
  redisUrl: string | null;
  secretKey: Buffer;
  adminEmails: Set<string>;
  logLevel: string;
  buildConcurrency: number;
  roles: Set<Role>;
  npmRegistry: string;
  trustProxy: boolean;
  /** Deploy the demo sites (todo, memory, calculator, weather) on first start. */
  seedDemos: boolean;
  features: { analytics: boolean; oauth: boolean; customDomains: boolean };
}

export class ConfigError extends Error {}

/** Reads and validates the environment; throws ConfigError naming the bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const roles = new Set(
    e.ROLES.split(',')
      .map((r) => r.trim())
      .filter(Boolean),
  );
  for (const role of roles) {
    if (role !== 'web' && role !== 'worker') {
      throw new ConfigError(
        `Invalid configuration:\n  ROLES: unknown role "${role}" (use web, worker)`,
      );
    }
  }
  // Feature flags are on unless set to exactly 'false' (SPEC.md section 6).
  const flag = (v: string | undefined) => v !== 'false';
  // Unset, both follow the port, so `PORT=4000 npm start` links to sites that answer.
  const local = `localhost:${e.PORT || 3000}`;
  const appOrigin = e.APP_ORIGIN ?? `http://${local}`;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    appOrigin: appOrigin.replace(/\/$/, ''),
    sitesDomain: (e.SITES_DOMAIN ?? local).toLowerCase(),
    sitesProtocol:
      e.SITES_PROTOCOL ?? (new URL(appOrigin).protocol === 'https:' ? 'https' : 'http'),
    databaseUrl: e.DATABASE_URL ?? null,
    redisUrl: e.REDIS_URL ?? null,
    secretKey: e.SECRET_KEY ? Buffer.from(e.SECRET_KEY, 'utf8') : loadOrCreateSecret(dataDir),
    adminEmails: new Set(
      e.ADMIN_EMAILS.split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
    logLevel: e.LOG_LEVEL,
    buildConcurrency: e.BUILD_CONCURRENCY,
    roles: roles as Set<Role>,
    npmRegistry: e.NPM_REGISTRY,
    trustProxy: e.TRUST_PROXY,
    seedDemos: e.SEED_DEMOS === 'true',
    features: {
      analytics: flag(e.ENABLE_ANALYTICS),
      oauth: flag(e.ENABLE_OAUTH),
      customDomains: flag(e.ENABLE_CUSTOM_DOMAINS),
    },
  };
}

// A secret generated once and kept beside the data, so restarts keep sessions and
// encrypted keys readable. Never logged.
function loadOrCreateSecret(dataDir: string): Buffer {
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  const secret = randomBytes(32);
  writeFileSync(file, secret.toString('hex'), { mode: 0o600 });
  return secret;
}

/** Public URL of a site on the sites domain. */
export function siteUrl(config: Config, subdomain: string): string {
  return `${config.sitesProtocol}://${subdomain}.${config.sitesDomain}`;
}
