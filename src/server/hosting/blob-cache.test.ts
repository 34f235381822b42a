import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { blobPath, type BlobStore, type ByteRange } from '../storage/blob-store';
import { LocalBlobStore } from '../storage/local-blob-store';
import { BlobCache } from './blob-cache';

const MB = 1024 * 1024;
const text = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};
const sha = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** The real folder store, counting the reads that reach it. */
class CountingStore implements BlobStore {
  reads = 0;
  readonly writeConcurrency: number;
  constructor(private readonly inner: BlobStore) {
    this.writeConcurrency = inner.writeConcurrency;
  }
  get(sha256: string) {
    this.reads += 1;
    return this.inner.get(sha256);
  }
  stream(sha256: string, range?: ByteRange) {
    return this.inner.stream(sha256, range);
  }
  put(sha256: string, data: Uint8Array) {
    return this.inner.put(sha256, data);
  }
  has(sha256: string) {
    return this.inner.has(sha256);
  }
  delete(sha256: string) {
    return this.inner.delete(sha256);
  }
  close() {}
}

describe('BlobCache', () => {
  let dir: string;
  let store: CountingStore;
  let cache: BlobCache;
  const stored = async (data: Buffer) => {
    await store.put(sha(data), data);
    return sha(data);
  };

  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'ah-blob-cache-'));
    store = new CountingStore(new LocalBlobStore(dir));
    cache = new BlobCache(store);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('answers a hot blob from memory without asking the store', async () => {
    const key = await stored(Buffer.from('<h1>hot</h1>'));
    expect(cache.peek(key)).toBeNull();
    expect((await cache.get(key))?.toString()).toBe('<h1>hot</h1>');
    for (let i = 0; i < 5; i++) {
      expect(cache.peek(key)?.toString()).toBe('<h1>hot</h1>');
      expect((await cache.get(key))?.toString()).toBe('<h1>hot</h1>');
    }
    expect(store.reads).toBe(1);
  });

  it('reads a cold blob once however many requests want it at the same time', async () => {
    const key = await stored(Buffer.from('wanted by many'));
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get(key)));
    expect(answers.every((a) => a?.toString() === 'wanted by many')).toBe(true);
    expect(store.reads).toBe(1);
  });

  it('does not remember a blob that is missing', async () => {
    const key = sha(Buffer.from('never stored'));
    await expect(cache.get(key)).rejects.toMatchObject({ problem: 'missing' });
    await store.put(key, Buffer.from('never stored'));
    expect((await cache.get(key))?.toString()).toBe('never stored');
  });

  it('refuses bytes that no longer match their hash, in memory and streamed', async () => {
    const key = await stored(Buffer.from('the real bytes'));
    writeFileSync(path.join(dir, blobPath(key)), 'damaged bytes!');
    await expect(cache.get(key)).rejects.toMatchObject({ problem: 'corrupt', sha256: key });
    expect(cache.peek(key)).toBeNull();
    const body = await cache.stream(key);
    await expect(text(body)).rejects.toMatchObject({ problem: 'corrupt' });
    // A range cannot be checked, but it is read from the store as asked.
    expect(await text(await cache.stream(key, { start: 8, end: 12 }))).toBe('bytes');
  });

  it('stays within its memory bound, letting the least recently used blobs go', async () => {
    const keys: string[] = [];
    for (let i = 0; i < 9; i++) keys.push(await stored(Buffer.alloc(16 * MB, i)));
    for (const key of keys) await cache.get(key);
    expect(store.reads).toBe(9);
    // 9 × 16 MB is over 128 MB: the first one read went, the last one stayed.
    expect(cache.peek(keys[0]!)).toBeNull();
    expect(cache.peek(keys[8]!)?.[0]).toBe(8);
    await cache.get(keys[0]!);
    expect(store.reads).toBe(10);
  });

  it('keeps no single blob larger than an eighth of its memory', async () => {
    const key = await stored(Buffer.alloc(16 * MB + 1, 1));
    await cache.get(key);
    await cache.get(key);
    expect(store.reads).toBe(2);
    expect(cache.peek(key)).toBeNull();
  });
});
