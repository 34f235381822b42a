import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ConfigError } from './errors';
import { httpUrl } from './values';

// Where data lives: the data directory, the database, and blobs on disk or in an S3 bucket.

export interface S3Config {
  /** null: AWS S3 itself, found from the region; otherwise path-style requests to this URL. */
  endpoint: string | null;
  bucket: string;
  region: string;
  accessKeyId: string;
  /** Never logged. */
  secretAccessKey: string;
}

export interface StorageSettings {
  dataDir: string;
  databaseUrl: string | null;
  /** Blobs in an S3-compatible bucket; null keeps them in DATA_DIR/blobs. */
  s3: S3Config | null;
  /** Bytes of window.storage data one account may keep across all its sites. */
  siteStorageQuotaBytes: number;
  /**
   * Memory the hosting node may give to cached site manifests (each live version's file
   * list); past it the site visited least recently is dropped and read again on its next visit.
   */
  siteCacheMaxBytes: number;
}

// Any S3_* variable asks for the bucket; the endpoint alone may stay unset (AWS itself).
const S3_REQUIRED = ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

const S3_VARIABLES = {
  S3_ENDPOINT: httpUrl().optional(),
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

export const STORAGE_VARIABLES = {
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  SITE_STORAGE_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(10 * 1024 * 1024),
  SITE_CACHE_MB: z.coerce.number().int().min(1).default(64),
  ...S3_VARIABLES,
};

type S3Variables = {
  [K in keyof typeof S3_VARIABLES]?: z.infer<(typeof S3_VARIABLES)[K]>;
};

type StorageVariables = z.infer<z.ZodObject<typeof STORAGE_VARIABLES>>;

/** Creates the data directory, so everything later may write into it. */
export function dataDirectory(e: Pick<StorageVariables, 'DATA_DIR'>): string {
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return dataDir;
}

export function storageSettings(e: StorageVariables, dataDir: string): StorageSettings {
  return {
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    s3: s3Config(e),
    siteStorageQuotaBytes: e.SITE_STORAGE_QUOTA_BYTES,
    siteCacheMaxBytes: e.SITE_CACHE_MB * 1024 * 1024,
  };
}

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
