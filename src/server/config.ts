import { mkdirSync } from 'node:fs';
import { isIPv4, isIPv6 } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { AiProvider } from '../shared/deployment';

// The only reader of the environment. Everything else receives a Config.
const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

// --- S3-compatible blob storage ------------------------------------------------------------

export interface S3Config {
  /** null: AWS S3 itself, found from the region; otherwise path-style requests to this URL. */
  endpoint: string | null;
  bucket: string;
  region: string;
  accessKeyId: string;
  /** Never logged. */
  secretAccessKey: string;
}

// Any S3_* variable asks for the bucket; the endpoint alone may stay unset (AWS itself).
const S3_REQUIRED = ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

const S3_VARIABLES = {
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  // S3's bucket naming rules, so a typo is refused here rather than by the store.
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens',
    )
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a region name such as us-east-1 (or auto)')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1, 'must not be empty').optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1, 'must not be empty').optional(),
};

type S3Variables = {
  [K in keyof typeof S3_VARIABLES]?: z.infer<(typeof S3_VARIABLES)[K]>;
};

function s3Config(e: S3Variables): S3Config | null {
  const { S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = e;
  if (S3_BUCKET && S3_REGION && S3_ACCESS_KEY_ID && S3_SECRET_ACCESS_KEY) {
    return {
      endpoint: S3_ENDPOINT ? S3_ENDPOINT.replace(/\/+$/, '') : null,
      bucket: S3_BUCKET,
      region: S3_REGION,
      accessKeyId: S3_ACCESS_KEY_ID,
      secretAccessKey: S3_SECRET_ACCESS_KEY,
    };
  }
  const given = (Object.keys(S3_VARIABLES) as Array<keyof S3Variables>).filter(
    (name) => e[name] !== undefined,
  );
  if (given.length === 0) return null;
  const lines = S3_REQUIRED.filter((name) => e[name] === undefined).map(
    (name) => `  ${name}: required for S3 blob storage (set: ${given.join(', ')})`,
  );
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

// --- end of S3 ------------------------------------------------------------------------------

// --- Social sign-in (OAuth) -----------------------------------------------------------------

export interface OAuthProviderApp {
  clientId: string;
  /** Never logged. */
  clientSecret: string;
}

export interface OAuthConfig {
  /** ENABLE_OAUTH: on unless it equals 'false'; off hides and refuses it. */
  enabled: boolean;
  /** The origin the providers send people back to: `{it}/api/auth/{provider}/callback`. */
  callbackBaseUrl: string;
  /** The web app's origin, where `/auth/callback` is. */
  clientUrl: string;
  /** null: no OAuth app registered for the provider; its button says so. */
  github: (OAuthProviderApp & { oauthBaseUrl: string; apiBaseUrl: string }) | null;
  google: (OAuthProviderApp & { issuerUrl: string }) | null;
}

const origin = () =>
  z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .transform((v) => v.replace(/\/+$/, ''));

const OAUTH_VARIABLES = {
  ENABLE_OAUTH: z.string().optional(),
  GITHUB_CLIENT_ID: z.string().min(1, 'must not be empty').optional(),
  GITHUB_CLIENT_SECRET: z.string().min(1, 'must not be empty').optional(),
  GOOGLE_CLIENT_ID: z.string().min(1, 'must not be empty').optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1, 'must not be empty').optional(),
  OAUTH_CALLBACK_BASE_URL: origin().optional(),
  CLIENT_URL: origin().optional(),
  // Tests point these at local servers speaking GitHub's and Google's wire formats.
  GITHUB_OAUTH_BASE_URL: origin().default('https://github.com'),
  GITHUB_API_BASE_URL: origin().default('https://api.github.com'),
  GOOGLE_ISSUER_URL: origin().default('https://accounts.google.com'),
};

type OAuthVariables = z.infer<z.ZodObject<typeof OAUTH_VARIABLES>>;

/** A provider's app, when both halves are set; half of one is a mistake worth refusing to start. */
function providerApp(
  idName: string,
  secretName: string,
  id: string | undefined,
  secret: string | undefined,
): OAuthProviderApp | null {
  if (id && secret) return { clientId: id, clientSecret: secret };
  if (!id && !secret) return null;
  throw new ConfigError(
    `Invalid configuration:\n  ${id ? secretName : idName}: required with ${id ? idName : secretName} (set both or neither)`,
  );
}

function oauthConfig(e: OAuthVariables, appOrigin: string): OAuthConfig {
  const github = providerApp(
    'GITHUB_CLIENT_ID',
    'GITHUB_CLIENT_SECRET',
    e.GITHUB_CLIENT_ID,
    e.GITHUB_CLIENT_SECRET,
  );
  const google = providerApp(
    'GOOGLE_CLIENT_ID',
    'GOOGLE_CLIENT_SECRET',
    e.GOOGLE_CLIENT_ID,
    e.GOOGLE_CLIENT_SECRET,
  );
  return {
    enabled: e.ENABLE_OAUTH !== 'false',
    callbackBaseUrl: e.OAUTH_CALLBACK_BASE_URL ?? appOrigin,
    clientUrl: e.CLIENT_URL ?? appOrigin,
    github: github && {
      ...github,
      oauthBaseUrl: e.GITHUB_OAUTH_BASE_URL,
      apiBaseUrl: e.GITHUB_API_BASE_URL,
    },
    google: google && { ...google, issuerUrl: e.GOOGLE_ISSUER_URL },
  };
}

// --- end of OAuth ---------------------------------------------------------------------------

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
  ADMIN_EMAILS: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BUILD_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  BUILD_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  ROLES: z.string().default('web,worker'),
  NPM_REGISTRY: z.url().default('https://registry.npmjs.org'),
  NPM_CACHE_MAX_MB: z.coerce
    .number()
    .int()
    .min(64)
    .default(4 * 1024),
  TRUST_PROXY: bool,
  SIGNUP_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  DEPLOY_RATE_LIMIT: z.coerce.number().int().min(1).default(100),
  DEPLOY_BURST_LIMIT: z.coerce.number().int().min(1).default(20),
  SEED_DEMOS: z.enum(['true', 'false']).default('true'),
  // Feature flags are on unless the setting equals 'false'.
  ENABLE_ANALYTICS: z.string().optional(),
  SITE_STORAGE_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(10 * 1024 * 1024),
  // Custom domains: where DNS questions go, and the addresses an apex domain must point at.
  DNS_SERVERS: z
    .string()
    .optional()
    .refine(
      (v) => v === undefined || parseDnsServers(v) !== null,
      'must be DNS server addresses separated by commas: 192.0.2.53, 192.0.2.53:5353 or [2001:db8::53]:53',
    ),
  PUBLIC_IPV4: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === '' || isIPv4(v), 'must be an IPv4 address'),
  PUBLIC_IPV6: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === '' || isIPv6(v), 'must be an IPv6 address'),
  // Certificates of custom domains: off while ACME_DIRECTORY_URL is unset.
  ACME_DIRECTORY_URL: z.url({ protocol: /^https$/, error: 'must be an https:// URL' }).optional(),
  ACME_EMAIL: z.email().optional(),
  // Encrypts stored private keys; a fixed development key would make them readable to anyone.
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  HTTPS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  // AI providers that answer window.claude on sites with their owners' keys (tests point the
  // base URLs at local servers speaking each provider's wire format).
  ANTHROPIC_BASE_URL: z.url().default('https://api.anthropic.com'),
  OPENAI_BASE_URL: z.url().default('https://api.openai.com/v1'),
  GEMINI_BASE_URL: z.url().default('https://generativelanguage.googleapis.com'),
  AI_MODEL_CLAUDE: z.string().min(1).default('claude-sonnet-4-6'),
  AI_MODEL_OPENAI: z.string().min(1).default('gpt-5.4-mini'),
  AI_MODEL_GEMINI: z.string().min(1).default('gemini-2.5-flash'),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  // E-mail (password reset, plan and payment notices): off while SMTP_URL is unset.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  // Where each abuse report filed on /report is sent, when e-mail is configured.
  ABUSE_EMAIL: z.email({ error: 'must be an e-mail address' }).optional(),
  TLS_CERT_FILE: z.string().min(1).optional(),
  TLS_KEY_FILE: z.string().min(1).optional(),
  // Stripe billing: off while STRIPE_SECRET_KEY is unset, and the billing calls
  // then answer that payments are not set up.
  STRIPE_SECRET_KEY: z.string().min(1, 'must not be empty').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1, 'must not be empty').optional(),
  STRIPE_PRICE_STARTER: z.string().min(1, 'must not be empty').optional(),
  STRIPE_PRICE_PRO: z.string().min(1, 'must not be empty').optional(),
  // Tests point the official client at a local fake speaking Stripe's REST API.
  STRIPE_API_BASE: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  ...OAUTH_VARIABLES,
  ...S3_VARIABLES,
});

// Outside production only: anything stored with it is as good as unencrypted.
const DEVELOPMENT_SECRET_KEY = 'development-secret-key-not-for-production-use';

/** `ip`, `ip:port` or `[ipv6]:port`, comma-separated, as dns.Resolver.setServers takes them; null if any is not. */
export function parseDnsServers(value: string): string[] | null {
  const servers = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const server of servers) {
    const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(server);
    const withPort = /^([\d.]+):(\d{1,5})$/.exec(server);
    const [ip, port] = bracketed
      ? [bracketed[1]!, bracketed[2]]
      : withPort
        ? [withPort[1]!, withPort[2]]
        : [server, undefined];
    if (!isIPv4(ip) && !isIPv6(ip)) return null;
    if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return null;
  }
  return servers;
}

export type Role = 'web' | 'worker';

/** Where the Stripe client sends its calls, in the `stripe` package's own option names. */
export interface StripeApiBase {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

export interface BillingConfig {
  /** null: billing is off; every billing call but the plan list answers 503. Never logged. */
  secretKey: string | null;
  /** Verifies the signature of Stripe's webhook calls. Never logged. */
  webhookSecret: string | null;
  /** The Stripe price each paid plan is sold at; null: that plan cannot be bought here. */
  prices: { STARTER: string | null; PRO: string | null };
  /** null: Stripe itself. */
  apiBase: StripeApiBase | null;
}

function stripeApiBase(value: string | undefined): StripeApiBase | null {
  if (!value) return null;
  const url = new URL(value);
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : protocol === 'https' ? 443 : 80,
    protocol,
  };
}

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
  adminEmails: Set<string>;
  logLevel: string;
  buildConcurrency: number;
  /** A build running longer is stopped (its thread terminated) and fails. */
  buildTimeoutMs: number;
  roles: Set<Role>;
  npmRegistry: string;
  /**
   * Most bytes the package cache of builds may hold on disk (shared by every build of this
   * machine); past it, what was used least recently is removed.
   */
  npmCacheMaxBytes: number;
  trustProxy: boolean;
  /** Accounts one client address may create per hour, by sign-up and again as guests. */
  signUpsPerHour: number;
  /** Deployments one account may start per hour (paste, upload and redeploy together). */
  deploysPerHour: number;
  /** Deployments one account may start per minute, so the hour is not spent at once. */
  deploysPerMinute: number;
  /** Deploy the demo sites of the examples gallery on first start. */
  seedDemos: boolean;
  /** Page-view analytics: the /api/analytics calls, per-site charts and the /analytics screen. */
  enableAnalytics: boolean;
  /** Bytes of window.storage data one account may keep across all its sites. */
  siteStorageQuotaBytes: number;
  /** Blobs in an S3-compatible bucket; null keeps them in DATA_DIR/blobs. */
  s3: S3Config | null;
  /** DNS servers custom domains are checked with (`ip` or `ip:port`); empty: the system's. */
  dnsServers: string[];
  /** The address an apex custom domain's A record must hold; null: only subdomains (www) are accepted. */
  publicIpv4: string | null;
  /** The address its AAAA record must hold, when set. */
  publicIpv6: string | null;
  /** The ACME directory certificates are ordered from; null: no certificates (ssl_status stays PENDING). */
  acmeDirectoryUrl: string | null;
  /** The contact of the installation's ACME account. */
  acmeEmail: string | null;
  /** Encrypts private keys kept in the database (never logged). */
  secretKey: string;
  /** The HTTPS listener's port; null: no HTTPS listener. */
  httpsPort: number | null;
  /** The certificate (and key) served over HTTPS for the app and *.SITES_DOMAIN. */
  tlsCertFile: string | null;
  tlsKeyFile: string | null;
  /** E-mail: null smtpUrl sends nothing (development and tests log each message instead). */
  mail: { smtpUrl: string | null; from: string; abuseTo: string | null };
  billing: BillingConfig;
  /** Where each AI provider's API is, the model a site's calls use, and how long one may take. */
  ai: {
    baseUrls: Record<AiProvider, string>;
    models: Record<AiProvider, string>;
    timeoutMs: number;
  };
  /** Sign-in with GitHub and Google. */
  oauth: OAuthConfig;
  /** Two-factor sign-in and passkeys. */
  twoFactor: TwoFactorConfig;
}

export interface TwoFactorConfig {
  /** WebAuthn relying party: passkeys are bound to APP_ORIGIN's host name and origin. */
  rpId: string;
  origin: string;
  /** The name authenticator apps and passkey prompts show. */
  issuer: string;
  /** In production an ADMIN must have a second factor before the operator console opens. */
  requiredForAdmins: boolean;
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
  // A worker alone announces progress and new versions through Redis; without it nobody hears.
  if (roles.has('worker') && !roles.has('web') && !e.REDIS_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  REDIS_URL: required when ROLES is worker alone; the web nodes learn of its builds through Redis (set the same REDIS_URL on every node, or run ROLES=web,worker)',
    );
  }
  if (e.NODE_ENV === 'production' && !e.SECRET_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  SECRET_KEY: required in production (at least 32 random characters); it encrypts the private keys kept in the database',
    );
  }
  if (!e.TLS_CERT_FILE !== !e.TLS_KEY_FILE) {
    throw new ConfigError(
      'Invalid configuration:\n  TLS_CERT_FILE, TLS_KEY_FILE: set both or neither',
    );
  }
  // Unset, both follow the port, so `PORT=4000 npm start` links to sites that answer.
  const local = `localhost:${e.PORT || 3000}`;
  const appOrigin = e.APP_ORIGIN ?? `http://${local}`;
  const oauth = oauthConfig(e, appOrigin.replace(/\/$/, ''));
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
    adminEmails: new Set(
      e.ADMIN_EMAILS.split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
    logLevel: e.LOG_LEVEL,
    buildConcurrency: e.BUILD_CONCURRENCY,
    buildTimeoutMs: e.BUILD_TIMEOUT_MS,
    roles: roles as Set<Role>,
    npmRegistry: e.NPM_REGISTRY,
    npmCacheMaxBytes: e.NPM_CACHE_MAX_MB * 1024 * 1024,
    trustProxy: e.TRUST_PROXY,
    signUpsPerHour: e.SIGNUP_RATE_LIMIT,
    deploysPerHour: e.DEPLOY_RATE_LIMIT,
    deploysPerMinute: e.DEPLOY_BURST_LIMIT,
    seedDemos: e.SEED_DEMOS === 'true',
    enableAnalytics: e.ENABLE_ANALYTICS !== 'false',
    siteStorageQuotaBytes: e.SITE_STORAGE_QUOTA_BYTES,
    s3: s3Config(e),
    dnsServers: e.DNS_SERVERS ? (parseDnsServers(e.DNS_SERVERS) ?? []) : [],
    publicIpv4: e.PUBLIC_IPV4 || null,
    publicIpv6: e.PUBLIC_IPV6 || null,
    acmeDirectoryUrl: e.ACME_DIRECTORY_URL ?? null,
    acmeEmail: e.ACME_EMAIL ?? null,
    secretKey: e.SECRET_KEY ?? DEVELOPMENT_SECRET_KEY,
    httpsPort: e.HTTPS_PORT ?? null,
    tlsCertFile: e.TLS_CERT_FILE ?? null,
    tlsKeyFile: e.TLS_KEY_FILE ?? null,
    billing: {
      secretKey: e.STRIPE_SECRET_KEY ?? null,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
      prices: { STARTER: e.STRIPE_PRICE_STARTER ?? null, PRO: e.STRIPE_PRICE_PRO ?? null },
      apiBase: stripeApiBase(e.STRIPE_API_BASE),
    },
    mail: {
      smtpUrl: e.SMTP_URL ?? null,
      from: e.MAIL_FROM ?? `Artifact Host <no-reply@${new URL(appOrigin).hostname}>`,
      abuseTo: e.ABUSE_EMAIL ?? null,
    },
    ai: {
      baseUrls: {
        CLAUDE: e.ANTHROPIC_BASE_URL,
        OPENAI: e.OPENAI_BASE_URL,
        GEMINI: e.GEMINI_BASE_URL,
      },
      models: { CLAUDE: e.AI_MODEL_CLAUDE, OPENAI: e.AI_MODEL_OPENAI, GEMINI: e.AI_MODEL_GEMINI },
      timeoutMs: e.AI_TIMEOUT_MS,
    },
    oauth,
    twoFactor: {
      rpId: new URL(appOrigin).hostname.toLowerCase(),
      origin: new URL(appOrigin).origin,
      issuer: 'Artifact Host',
      requiredForAdmins: e.NODE_ENV === 'production',
    },
  };
}

/** The sites domain without its port: what DNS records name. */
export function sitesHost(config: Pick<Config, 'sitesDomain'>): string {
  return config.sitesDomain.replace(/:\d+$/, '');
}

/** The app's own host name, from APP_ORIGIN. */
export function appHost(config: Pick<Config, 'appOrigin'>): string {
  return new URL(config.appOrigin).hostname.toLowerCase();
}

/** Public URL of a site on the sites domain. */
export function siteUrl(config: Config, subdomain: string): string {
  return `${config.sitesProtocol}://${subdomain}.${config.sitesDomain}`;
}

/**
 * Public URL of a site on its custom domain: https once its certificate is served here,
 * otherwise plain http on the port the sites domain uses.
 */
export function customDomainUrl(
  config: Pick<Config, 'sitesDomain' | 'httpsPort'>,
  domain: string,
  secure: boolean,
): string {
  if (secure && config.httpsPort !== null) {
    return `https://${domain}${config.httpsPort === 443 ? '' : `:${config.httpsPort}`}`;
  }
  const port = /:(\d+)$/.exec(config.sitesDomain)?.[1];
  return `http://${domain}${port && port !== '80' ? `:${port}` : ''}`;
}
