import { z } from 'zod';

// The installation as a whole: its mode, its log, its operators, what it offers, and how fast
// one client or account may create things.

export type Environment = 'development' | 'production' | 'test';

export interface AppSettings {
  env: Environment;
  adminEmails: Set<string>;
  logLevel: string;
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
  /** Run the status page's checks on this node (web role); off only in tests that want quiet. */
  statusChecks: boolean;
  /** How often the status page's checks (the deploy-and-fetch canary among them) run, cluster-wide. */
  statusCheckIntervalMs: number;
  /** How long the canary waits for its build before it calls builds down. */
  statusCanaryTimeoutMs: number;
}

export const APP_VARIABLES = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  ADMIN_EMAILS: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SIGNUP_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  DEPLOY_RATE_LIMIT: z.coerce.number().int().min(1).default(100),
  DEPLOY_BURST_LIMIT: z.coerce.number().int().min(1).default(20),
  SEED_DEMOS: z.enum(['true', 'false']).default('true'),
  // Feature switches are on unless the setting equals 'false', so a fresh install offers everything.
  ENABLE_ANALYTICS: z.string().optional(),
  STATUS_CHECKS: z.enum(['true', 'false']).default('true'),
  STATUS_CHECK_INTERVAL_SECONDS: z.coerce.number().min(0.2).max(3600).default(60),
  STATUS_CANARY_TIMEOUT_SECONDS: z.coerce.number().min(0.2).max(600).default(45),
};

type AppVariables = z.infer<z.ZodObject<typeof APP_VARIABLES>>;

export function appSettings(e: AppVariables): AppSettings {
  return {
    env: e.NODE_ENV,
    adminEmails: new Set(
      e.ADMIN_EMAILS.split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
    logLevel: e.LOG_LEVEL,
    signUpsPerHour: e.SIGNUP_RATE_LIMIT,
    deploysPerHour: e.DEPLOY_RATE_LIMIT,
    deploysPerMinute: e.DEPLOY_BURST_LIMIT,
    seedDemos: e.SEED_DEMOS === 'true',
    enableAnalytics: e.ENABLE_ANALYTICS !== 'false',
    statusChecks: e.STATUS_CHECKS === 'true',
    statusCheckIntervalMs: Math.round(e.STATUS_CHECK_INTERVAL_SECONDS * 1000),
    statusCanaryTimeoutMs: Math.round(e.STATUS_CANARY_TIMEOUT_SECONDS * 1000),
  };
}
