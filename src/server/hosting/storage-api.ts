import type { IncomingMessage, ServerResponse } from 'node:http';
import { SITE_RUNTIME_ENDPOINTS } from '../../builder/contract';
import type { Database } from '../db/database';
import { nowIso } from '../domain/tokens';
import { RateLimiter } from './rate-limit';

// The site-side half of window.storage's shared data (builder/contract.ts): string values,
// errors as {error: string}. Tighter than Claude's own limits: every visitor shares them.
export const STORAGE_PATH = SITE_RUNTIME_ENDPOINTS.storage;
export const MAX_VALUE_BYTES = 64 * 1024;
export const MAX_KEYS_PER_SITE = 1000;
export const MAX_KEY_CHARS = 200;

const limiter = new RateLimiter(20, 100);

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(text);
}

const error = (res: ServerResponse, status: number, message: string) =>
  json(res, status, { error: message });

async function readBody(req: IncomingMessage, limit: number): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).byteLength;
    if (size > limit) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Answers a /__storage request for one site; bounded in size, count and rate. */
export async function handleStorage(
  db: Database,
  siteId: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  if (!limiter.take(siteId)) return error(res, 429, 'Too many storage requests. Slow down.');
  const url = new URL(req.url ?? '/', 'http://site');
  const rest = url.pathname.slice(STORAGE_PATH.length);
  if (rest === '' || rest === '/') {
    if (req.method !== 'GET') return error(res, 405, 'Use GET to list keys.');
    const prefix = url.searchParams.get('prefix') ?? '';
    const rows = await db
      .selectFrom('site_storage')
      .select('key')
      .where('site_id', '=', siteId)
      .$if(prefix !== '', (q) => q.where('key', '>=', prefix).where('key', '<', `${prefix}\uffff`))
      .orderBy('key')
      .execute();
    return json(res, 200, { keys: rows.map((r) => r.key) });
  }
  let key: string;
  try {
    key = decodeURIComponent(rest.slice(1));
  } catch {
    return error(res, 400, 'The key is not valid.');
  }
  if (!key || key.length > MAX_KEY_CHARS) return error(res, 400, 'The key is not valid.');
  const where = { site: siteId, key };
  if (req.method === 'GET' || req.method === 'HEAD') {
    const row = await db
      .selectFrom('site_storage')
      .select('value')
      .where('site_id', '=', where.site)
      .where('key', '=', where.key)
      .executeTakeFirst();
    if (!row) return error(res, 404, 'No value is stored under this key.');
    return json(res, 200, { value: row.value });
  }
  if (req.method === 'DELETE') {
    const gone = await db
      .deleteFrom('site_storage')
      .where('site_id', '=', where.site)
      .where('key', '=', where.key)
      .executeTakeFirst();
    return json(res, 200, { deleted: Number(gone.numDeletedRows) > 0 });
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
  const { count } = await db
    .selectFrom('site_storage')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('site_id', '=', siteId)
    .where('key', '!=', key)
    .executeTakeFirstOrThrow();
  if (Number(count) >= MAX_KEYS_PER_SITE) {
    return error(res, 413, `This site already stores ${MAX_KEYS_PER_SITE} keys, the maximum.`);
  }
  await db
    .insertInto('site_storage')
    .values({ site_id: siteId, key, value, updated_at: nowIso() })
    .onConflict((oc) =>
      oc.columns(['site_id', 'key']).doUpdateSet({ value: value, updated_at: nowIso() }),
    )
    .execute();
  return json(res, 200, { value });
}
