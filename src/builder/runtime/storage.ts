// window.storage as Claude's artifacts know it: private values in localStorage, shared ones on
// the site's server.
import { SITE_RUNTIME_ENDPOINTS as E } from '../contract';
import { call, provide, readError } from './http';

const LOCAL_PREFIX = '__artifact_storage:';

function checkKey(key: unknown): string {
  if (typeof key !== 'string' || key.length === 0 || key.length > 200 || /[\s/\\'"]/.test(key)) {
    throw new Error(`window.storage: invalid key ${JSON.stringify(key)}`);
  }
  return key;
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

provide('storage', storage);
