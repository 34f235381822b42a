import { z } from 'zod';
import { ConfigError } from './errors';
import { bool } from './values';

// Where the server listens and answers: ports, host names, TLS, and which roles this node plays.

export type Role = 'web' | 'worker';

export interface NetworkSettings {
  port: number;
  host: string;
  appOrigin: string;
  sitesDomain: string;
  sitesProtocol: 'http' | 'https';
  trustProxy: boolean;
  /** The HTTPS listener's port; null: no HTTPS listener. */
  httpsPort: number | null;
  /** The certificate (and key) served over HTTPS for the app and *.SITES_DOMAIN. */
  tlsCertFile: string | null;
  tlsKeyFile: string | null;
}

export interface ClusterSettings {
  redisUrl: string | null;
  roles: Set<Role>;
}

export const NETWORK_VARIABLES = {
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  APP_ORIGIN: z.url().optional(),
  SITES_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+(:\d+)?$/i, 'must be a host name, optionally with a port')
    .optional(),
  SITES_PROTOCOL: z.enum(['http', 'https']).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis://')
    .optional(),
  ROLES: z.string().default('web,worker'),
  TRUST_PROXY: bool,
  HTTPS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  TLS_CERT_FILE: z.string().min(1).optional(),
  TLS_KEY_FILE: z.string().min(1).optional(),
};

type NetworkVariables = z.infer<z.ZodObject<typeof NETWORK_VARIABLES>>;

export function clusterSettings(e: NetworkVariables): ClusterSettings {
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
  return { redisUrl: e.REDIS_URL ?? null, roles: roles as Set<Role> };
}

export function networkSettings(e: NetworkVariables): NetworkSettings {
  if (!e.TLS_CERT_FILE !== !e.TLS_KEY_FILE) {
    throw new ConfigError(
      'Invalid configuration:\n  TLS_CERT_FILE, TLS_KEY_FILE: set both or neither',
    );
  }
  // Unset, both follow the port, so `PORT=4000 npm start` links to sites that answer.
  const local = `localhost:${e.PORT || 3000}`;
  const appOrigin = e.APP_ORIGIN ?? `http://${local}`;
  return {
    port: e.PORT,
    host: e.HOST,
    appOrigin: appOrigin.replace(/\/$/, ''),
    sitesDomain: (e.SITES_DOMAIN ?? local).toLowerCase(),
    sitesProtocol:
      e.SITES_PROTOCOL ?? (new URL(appOrigin).protocol === 'https:' ? 'https' : 'http'),
    trustProxy: e.TRUST_PROXY,
    httpsPort: e.HTTPS_PORT ?? null,
    tlsCertFile: e.TLS_CERT_FILE ?? null,
    tlsKeyFile: e.TLS_KEY_FILE ?? null,
  };
}
