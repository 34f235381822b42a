import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  SITE_RUNTIME_ENDPOINTS,
  STORAGE_LIMITS,
  type SiteRuntimeErrorBody,
  type StorageDeleteBody,
  type StorageListBody,
  type StorageValueBody,
} from '../../builder/contract';
import type { Database } from '../db/database';
import {
  countOtherKeys,
  deleteStoredValue,
  storedBytesOfOwner,
  storedKeys,
  storedValue,
  storeValue,
} from '../db/queries/site-storage';
import { lockUser } from '../db/queries/users';
import type { SiteRow } from '../db/schema';
import type { RateCounter, RateWindow } from '../limits/rate-counter';
import { readBody, sendJson } from './runtime-http';

// The site-side half of window.storage's shared data (builder/contract.ts): string values,
// errors as {error: string}. Tighter than Claude's own limits: every visitor shares them.
export const STORAGE_PATH = SITE_RUNTIME_ENDPOINTS.storage;
export const MAX_VALUE_BYTES = 64 * 1024;
export const MAX_KEYS_PER_SITE = 1000;
export const MAX_KEY_CHARS = STORAGE_LIMITS.maxKeyLength;

// Per site and visitor: one busy or hostile visitor must not lock everyone else out.
export const STORAGE_REQUESTS: RateWindow = { name: 'storage', max: 100, windowMs: 5000 };

export interface StorageRequest {
  site: Pick<SiteRow, 'id' | 'user_id'>;
  /** The visitor's normalised address (normalAddress), the rate limit's key within the site. */
  visitor: string;
  /** Bytes of keys and values the site owner's account may keep, all its sites together. */
  quotaBytes: number;
}

function megabytes(bytes: number): string {
  return `${Number((bytes / 1024 / 1024).toFixed(2))} MB`;
}

type Body = StorageValueBody | StorageListBody | StorageDeleteBody | SiteRuntimeErrorBody;

const json = (res: ServerResponse, status: number, body: Body) => sendJson(res, status, body);

const error = (res: ServerResponse, status: number, message: string) =>
  json(res, status, { error: message });

/** Answers a /__storage request for one site; bounded in size, count and rate. */
export async function handleStorage(
  db: Database,
  rates: RateCounter,
  { site, visitor, quotaBytes }: StorageRequest,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const siteId = site.id;
  const rate = await rates.take(STORAGE_REQUESTS, `${siteId} ${visitor}`);
  if (!rate.allowed) {
    res.setHeader('retry-after', Math.max(1, Math.ceil(rate.retryAfterMs / 1000)));
    return error(res, 429, 'Too many storage requests. Slow down.');
  }
  const url = new URL(req.url ?? '/', 'http://site');
  const rest = url.pathname.slice(STORAGE_PATH.length);
  if (rest === '' || rest === '/') {
    if (req.method !== 'GET') return error(res, 405, 'Use GET to list keys.');
    const prefix = url.searchParams.get('prefix') ?? '';
    return json(res, 200, { keys: await storedKeys(db, siteId, prefix) });
  }
  let key: string;
  try {
    key = decodeURIComponent(rest.slice(1));
  } catch {
    return error(res, 400, 'The key is not valid.');
  }
  if (!key || key.length > MAX_KEY_CHARS) return error(res, 400, 'The key is not valid.');
  if (req.method === 'GET' || req.method === 'HEAD') {
    const value = await storedValue(db, siteId, key);
    if (value === undefined) return error(res, 404, 'No value is stored under this key.');
    return json(res, 200, { value });
  }
  if (req.method === 'DELETE') {
    return json(res, 200, { deleted: await deleteStoredValue(db, siteId, key) });
  }
  if (req.method !== 'PUT') return error(res, 405, 'Use GET, PUT or DELETE.');
  const text = await readBody(req, MAX_VALUE_BYTES * 2 + 1024);
  if (text === null) return error(res, 413, 'The value is too large. The maximum is 64 KB.');
  let stored: unknown;
  try {
    stored = (JSON.parse(text) as { value?: unknown }).value;
  } catch {
    return error(res, 400, 'The body must be JSON: {"value": "..."}.');
  }
  if (typeof stored !== 'string')
    return error(res, 400, 'The body must be JSON: {"value": "..."}.');
  if (Buffer.byteLength(stored) > MAX_VALUE_BYTES) {
    return error(res, 413, 'The value is too large. The maximum is 64 KB.');
  }
  const value = stored;
  // Count and write under the owner's lock: concurrent writes cannot pass the key limit or
  // the quota together.
  const refusal = await db.transaction().execute(async (trx) => {
    await lockUser(trx, site.user_id);
    if ((await countOtherKeys(trx, siteId, key)) >= MAX_KEYS_PER_SITE) {
      return {
        status: 413,
        message: `This site already stores ${MAX_KEYS_PER_SITE} keys, the maximum.`,
      };
    }
    const others = await storedBytesOfOwner(trx, site.user_id, { siteId, key });
    if (others + Buffer.byteLength(key) + Buffer.byteLength(value) > quotaBytes) {
      return {
        status: 507,
        message: `Storage is full: this site's owner may keep ${megabytes(quotaBytes)} of window.storage data across all their sites, and this value would go over it. Delete keys that are no longer needed.`,
      };
    }
    await storeValue(trx, siteId, key, value);
    return null;
  });
  if (refusal) return error(res, refusal.status, refusal.message);
  return json(res, 200, { value });
}
