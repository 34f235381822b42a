import { createHash, randomBytes } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../test/s3-server';
import { loadConfig, type S3Config } from '../config';
import { blobPath, type BlobStore } from './blob-store';
import { createBlobStore } from './index';
import { LocalBlobStore } from './local-blob-store';
import { S3BlobStore } from './s3-blob-store';

const sha = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'ah-blobs-'));
const quiet = pino({ level: 'silent' });

function s3Config(s3: Pick<TestS3Server, 'endpoint' | 'bucket'>): S3Config {
  // The only keys s3rver accepts (it checks every signature).
  const { endpoint, bucket } = s3;
  return {
    endpoint,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
}

interface Backend {
  name: string;
  open(): Promise<{ store: BlobStore; close(): Promise<void> }>;
}

const backends: Backend[] = [
  {
    name: 'local folder',
    open: async () => {
      const dir = tempDir();
      const store = new LocalBlobStore(dir);
      return { store, close: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'S3 bucket (s3rver)',
    open: async () => {
      const s3 = await startS3Server();
      const store = new S3BlobStore(s3Config(s3));
      return {
        store,
        close: async () => {
          store.close();
          await s3.close();
        },
      };
    },
  },
];

describe.each(backends)('blob store contract: $name', (backend) => {
  let store: BlobStore;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ store, close } = await backend.open());
  });
  afterAll(() => close());

  it('puts, gets, checks and deletes a blob by its hash', async () => {
    const data = Buffer.from('<h1>hello</h1>');
    const key = sha(data);
    expect(await store.has(key)).toBe(false);
    await store.put(key, data);
    expect(await store.has(key)).toBe(true);
    expect((await store.get(key))?.toString()).toBe('<h1>hello</h1>');
    await store.delete(key);
    expect(await store.has(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
  });

  it('answers null for a blob that was never stored, and deleting it is harmless', async () => {
    const key = sha(randomBytes(16));
    expect(await store.get(key)).toBeNull();
    expect(await store.has(key)).toBe(false);
    await expect(store.delete(key)).resolves.toBeUndefined();
  });

  it('skips a put when the blob is already there', async () => {
    const data = Buffer.from('first bytes');
    const key = sha(data);
    await store.put(key, data);
    await store.put(key, data);
    // Content under a hash never changes, so a second put does not even send its bytes.
    await store.put(key, Buffer.from('anything else'));
    expect((await store.get(key))?.toString()).toBe('first bytes');
  });

  it('keeps binary content byte for byte, a 5 MB blob included', async () => {
    const everyByte = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const big = randomBytes(5 * 1024 * 1024);
    const empty = Buffer.alloc(0);
    for (const data of [everyByte, big, empty]) {
      await store.put(sha(data), data);
      const back = await store.get(sha(data));
      expect(back?.byteLength).toBe(data.byteLength);
      expect(back?.equals(data)).toBe(true);
    }
  });

  it('streams a blob, or bytes start to end of it, and null for a missing one', async () => {
    const data = randomBytes(3 * 1024 * 1024);
    await store.put(sha(data), data);
    const read = async (range?: { start: number; end: number }) => {
      const body = await store.stream(sha(data), range);
      const chunks: Buffer[] = [];
      for await (const chunk of body!) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    };
    expect((await read()).equals(data)).toBe(true);
    const start = 2 * 1024 * 1024 + 7;
    expect(
      (await read({ start, end: start + 999 })).equals(data.subarray(start, start + 1000)),
    ).toBe(true);
    expect(await store.stream(sha(randomBytes(16)))).toBeNull();
  });

  it('refuses a name that is not a sha-256', async () => {
    const bytes = Buffer.from('x');
    for (const bad of ['../../etc/passwd', sha(bytes).toUpperCase(), 'abc', `${sha(bytes)}/x`]) {
      await expect(store.get(bad)).rejects.toThrow(/not a sha-256/);
      await expect(store.put(bad, bytes)).rejects.toThrow(/not a sha-256/);
      await expect(store.has(bad)).rejects.toThrow(/not a sha-256/);
      await expect(store.delete(bad)).rejects.toThrow(/not a sha-256/);
    }
  });
});

describe('local blob store writes', () => {
  const filesIn = (dir: string) => readdirSync(dir, { recursive: true }).map(String);

  it('removes its temp file when a write fails halfway, leaving nothing under the hash', async () => {
    const dir = tempDir();
    const store = new LocalBlobStore(dir);
    // Bytes that fail to be read once the temp file is open, as a write does on a full disk.
    const failing = new Uint8Array(10);
    Object.defineProperty(failing, 'buffer', {
      get() {
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), {
          code: 'ENOSPC',
        });
      },
    });
    const key = sha(Buffer.alloc(10));
    await expect(store.put(key, failing)).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(filesIn(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(await store.has(key)).toBe(false);
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a write that would eat into the space kept for the database, as ENOSPC', async () => {
    const dir = tempDir();
    const store = new LocalBlobStore(dir, Number.MAX_SAFE_INTEGER);
    const data = Buffer.from('no room');
    await expect(store.put(sha(data), data)).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(filesIn(dir).filter((f) => !f.match(/^[0-9a-f]{2}$/))).toEqual([]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('sweeps temp files left by a process killed mid-write, not those of a write in progress', async () => {
    const dir = tempDir();
    const key = sha(Buffer.from('kept'));
    mkdirSync(path.join(dir, 'ab'));
    const stale = path.join(dir, 'ab', `${'c'.repeat(62)}.0123456789ab.tmp`);
    const young = path.join(dir, 'ab', `${'d'.repeat(62)}.ba9876543210.tmp`);
    writeFileSync(stale, 'half a blob');
    writeFileSync(young, 'being written');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(stale, twoHoursAgo, twoHoursAgo);
    const store = new LocalBlobStore(dir);
    await store.put(key, Buffer.from('kept'));
    expect(await store.sweepTemps()).toBe(1);
    expect(filesIn(dir).sort()).toEqual(
      ['ab', path.join('ab', path.basename(young)), key.slice(0, 2), blobPath(key)].sort(),
    );
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('S3 blob store when the server fails', () => {
  it('rejects (never answers null) once the server has stopped', async () => {
    const s3 = await startS3Server();
    const store = new S3BlobStore(s3Config(s3));
    const data = Buffer.from('stored before the outage');
    await store.put(sha(data), data);
    await s3.close();
    try {
      await expect(store.get(sha(data))).rejects.toThrow(/S3 reading .* failed/);
      await expect(store.has(sha(data))).rejects.toThrow(/S3 checking/);
      await expect(store.put(sha(data), data)).rejects.toThrow(/S3 checking/);
    } finally {
      store.close();
    }
  });

  it('gives up on a server that accepts connections but never answers', async () => {
    // A TCP listener that swallows every request: the SDK's own timeouts must end the wait.
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const store = new S3BlobStore(
      s3Config({ endpoint: `http://127.0.0.1:${port}`, bucket: 'silent' }),
      { connectMs: 200, requestMs: 300, idleMs: 300 },
    );
    try {
      await expect(store.get(sha(Buffer.from('x')))).rejects.toThrow(/S3 reading/);
    } finally {
      store.close();
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe('createBlobStore', () => {
  let s3: TestS3Server;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(() => s3.close());

  const config = (env: Record<string, string>) => loadConfig({ DATA_DIR: tempDir(), ...env });

  it('uses DATA_DIR/blobs when no S3 variable is set', async () => {
    const cfg = config({});
    const store = await createBlobStore(cfg, quiet);
    const data = Buffer.from('local');
    const key = sha(data);
    await store.put(key, data);
    expect(blobPath(key)).toBe(`${key.slice(0, 2)}/${key.slice(2)}`);
    expect(
      readFileSync(path.join(cfg.dataDir, 'blobs', key.slice(0, 2), key.slice(2)), 'utf8'),
    ).toBe('local');
  });

  it('uses the bucket when the S3 variables are set', async () => {
    const cfg = config(s3.env);
    const store = await createBlobStore(cfg, quiet);
    const bucket = new S3BlobStore(s3Config(s3));
    try {
      const data = Buffer.from('in the bucket');
      await store.put(sha(data), data);
      expect(await bucket.has(sha(data))).toBe(true);
      expect(await new LocalBlobStore(path.join(cfg.dataDir, 'blobs')).has(sha(data))).toBe(false);
    } finally {
      store.close();
      bucket.close();
    }
  });

  it('refuses to start on a bucket that does not exist, naming S3_BUCKET', async () => {
    await expect(
      createBlobStore(config({ ...s3.env, S3_BUCKET: 'no-such-bucket' }), quiet),
    ).rejects.toThrow(/S3_BUCKET: bucket "no-such-bucket" .* does not exist/);
  });

  it('names the secret key when the signature is refused', async () => {
    await expect(
      createBlobStore(config({ ...s3.env, S3_SECRET_ACCESS_KEY: 'wrong' }), quiet),
    ).rejects.toThrow(/S3_SECRET_ACCESS_KEY/);
  });

  it('names the endpoint when nothing answers there', async () => {
    const closed = await startS3Server();
    await closed.close();
    await expect(createBlobStore(config(closed.env), quiet)).rejects.toThrow(
      /S3_ENDPOINT: cannot reach http:\/\/127\.0\.0\.1:\d+/,
    );
  });
});
