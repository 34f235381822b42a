// Runs first in every built page (a classic script), so artifacts find the APIs Claude
// gives them: window.storage, window.claude.complete and window.fs.readFile.
import { SITE_RUNTIME_ENDPOINTS as E } from '../contract';

type Json = Record<string, unknown>;
const LOCAL_PREFIX = '__artifact_storage:';

function checkKey(key: unknown): string {
  if (typeof key !== 'string' || key.length === 0 || key.length > 200 || /[\s/\\'"]/.test(key)) {
    throw new Error(`window.storage: invalid key ${JSON.stringify(key)}`);
  }
  return key;
}

async function call(method: string, url: string, body?: unknown): Promise<Response> {
  return fetch(url, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  });
}

async function readError(res: Response, what: string): Promise<Error> {
  let detail = `${res.status} ${res.statusText}`;
  try {
    const body = (await res.json()) as Json;
    if (typeof body.error === 'string') detail = body.error;
  } catch {
    // a non-JSON error body: keep the status line
  }
  return new Error(`${what} failed: ${detail}`);
}

const storageUrl = (key: string) => `${E.storage}/${encodeURIComponent(key)}`;

const storage = {
  async get(key: string, shared = false) {
    checkKey(key);
    if (!shared) {
      const value = localStorage.getItem(LOCAL_PREFIX + key);
      return value === null ? null : { key, value, shared };
    }
    const res = await call('GET', storageUrl(key));
    if (res.status === 404) return null;
    if (!res.ok) throw await readError(res, 'window.storage.get');
    const body = (await res.json()) as { value: string };
    return { key, value: body.value, shared };
  },
  async set(key: string, value: unknown, shared = false) {
    checkKey(key);
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (!shared) {
      localStorage.setItem(LOCAL_PREFIX + key, text);
      return { key, value: text, shared };
    }
    const res = await call('PUT', storageUrl(key), { value: text });
    if (!res.ok) throw await readError(res, 'window.storage.set');
    return { key, value: text, shared };
  },
  async delete(key: string, shared = false) {
    checkKey(key);
    if (!shared) {
      const existed = localStorage.getItem(LOCAL_PREFIX + key) !== null;
      localStorage.removeItem(LOCAL_PREFIX + key);
      return { key, deleted: existed, shared };
    }
    const res = await call('DELETE', storageUrl(key));
    if (!res.ok && res.status !== 404) throw await readError(res, 'window.storage.delete');
    const body = res.ok ? ((await res.json()) as { deleted?: boolean }) : { deleted: false };
    return { key, deleted: body.deleted !== false, shared };
  },
  async list(prefix = '', shared = false) {
    if (!shared) {
      const keys: string[] = [];
      for (let i = 0; i < localStorage.length; i++) {
        const k = localStorage.key(i);
        if (k?.startsWith(LOCAL_PREFIX + prefix)) keys.push(k.slice(LOCAL_PREFIX.length));
      }
      return { keys: keys.sort(), prefix, shared };
    }
    const res = await call('GET', `${E.storage}?prefix=${encodeURIComponent(prefix)}`);
    if (!res.ok) throw await readError(res, 'window.storage.list');
    const body = (await res.json()) as { keys: string[] };
    return { keys: body.keys, prefix, shared };
  },
};

const claude = {
  async complete(input: string | { messages: unknown[] }): Promise<string> {
    const body = typeof input === 'string' ? { prompt: input } : input;
    let res: Response;
    try {
      res = await call('POST', E.claudeComplete, body);
    } catch {
      throw new Error('window.claude.complete: the AI service could not be reached.');
    }
    if (!res.ok) {
      if (res.status === 404 || res.status === 405 || res.status === 501) {
        throw new Error(
          'window.claude.complete is not available on this site yet: the site owner has not connected an AI provider key.',
        );
      }
      throw await readError(res, 'window.claude.complete');
    }
    const out = (await res.json()) as { completion: string };
    return out.completion;
  },
};

const fs = {
  async readFile(path: string, options?: { encoding?: string }): Promise<string | Uint8Array> {
    const clean = String(path).replace(/^\.?\/+/, '');
    const res = await fetch(
      new URL(clean.split('/').map(encodeURIComponent).join('/'), document.baseURI),
    );
    if (!res.ok) throw new Error(`window.fs.readFile: no file named "${path}" (${res.status})`);
    if (options?.encoding) return res.text();
    return new Uint8Array(await res.arrayBuffer());
  },
};

const w = window as unknown as Json;
if (!w.storage) w.storage = storage;
if (!w.claude) w.claude = claude;
if (!w.fs) w.fs = fs;
