import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../../test/databases';
import {
  deployCode,
  htmlArtifact,
  uniqueSubdomain,
  uploadFile,
  waitForDeployment,
} from '../../../../../test/deploy';
import {
  guestSession,
  registerUser,
  startTestServer,
  type TestServer,
} from '../../../../../test/server';
import { sha256Hex } from '../../../lib/ids';
import type { BlobStore } from '../../../storage/blob-store';
import { LocalBlobStore } from '../../../storage/local-blob-store';

const MB = 1024 * 1024;

describeEachDatabase('storage quota', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server?.close());

  it('answers 507 with the quota and how to free space once the account is full, and stores nothing', async () => {
    const { token, user } = await registerUser(server);
    const first = await deployCode(server, token, uniqueSubdomain('quota'), htmlArtifact('one'));
    expect(first.status).toBe(201);
    await waitForDeployment(server, token, first.body.deployment.id);
    // The account's stored deployments fill all but a few bytes of the FREE plan's 100 MB.
    const source = await server.ctx.db
      .selectFrom('deployments')
      .select('source_sha256')
      .where('id', '=', first.body.deployment.id)
      .executeTakeFirstOrThrow();
    await server.ctx.db
      .updateTable('blobs')
      .set({ size: 100 * MB - 50 })
      .where('sha256', '=', source.source_sha256)
      .execute();

    const sitesBefore = await server.api('GET', '/api/sites', { token });
    const subdomain = uniqueSubdomain('quota-full');
    const res = await deployCode(server, token, subdomain, htmlArtifact('does not fit'));
    expect(res.status).toBe(507);
    expect(res.body.error.code).toBe('STORAGE_QUOTA');
    expect(res.body.error.message).toMatch(/100\.0 MB storage quota of the Free plan/);
    expect(res.body.error.message).toMatch(/Delete sites you no longer need/);
    const upload = await uploadFile(
      server,
      token,
      { name: 'page.html', bytes: htmlArtifact('upload does not fit') },
      uniqueSubdomain('quota-upload'),
    );
    expect(upload.status).toBe(507);
    expect(upload.body.error.code).toBe('STORAGE_QUOTA');
    expect((await server.api('GET', '/api/sites', { token })).body).toEqual(sitesBefore.body);
    expect(user.plan).toBe('FREE');

    // Another account is not affected by this one's usage.
    const other = await registerUser(server);
    const ok = await deployCode(
      server,
      other.token,
      uniqueSubdomain('quota-other'),
      htmlArtifact('fits'),
    );
    expect(ok.status).toBe(201);
  });
});

/** A blob store on a disk that has filled up: every write fails as the kernel says so. */
function fullDisk(dir: string): BlobStore {
  const store = new LocalBlobStore(dir);
  return {
    get: (sha) => store.get(sha),
    stream: (sha, range) => store.stream(sha, range),
    has: (sha) => store.has(sha),
    delete: (sha) => store.delete(sha),
    close: () => store.close(),
    writeConcurrency: store.writeConcurrency,
    put: async () => {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    },
  };
}

describe('a server whose blob disk fills up during a build', () => {
  let server: TestServer;
  let dir: string;
  const source = htmlArtifact('fits, but its build does not');
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'ah-fills-'));
    const local = new LocalBlobStore(dir);
    const sourceSha = sha256Hex(Buffer.from(source));
    // Room for the source, none for the built files and their compressed variants.
    const store: BlobStore = {
      ...fullDisk(dir),
      put: (sha, data) => (sha === sourceSha ? local.put(sha, data) : fullDisk(dir).put(sha, data)),
    };
    server = await startTestServer('sqlite', {}, { blobs: store });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('fails the build saying the server ran out of space, leaving no temp file', async () => {
    const { token } = await registerUser(server);
    const res = await deployCode(server, token, uniqueSubdomain('fills'), source);
    expect(res.status).toBe(201);
    const done = await waitForDeployment(server, token, res.body.deployment.id);
    expect(done.status).toBe('FAILED');
    expect(done.errorMessage).toMatch(/run out of storage space/);
    expect(readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.tmp'))).toEqual(
      [],
    );
  });
});

describe.each([
  ['writes fail with ENOSPC', (dir: string) => fullDisk(dir)],
  // The real local store, with less room left than the reserve it keeps for the database.
  [
    'the free-space reserve is reached',
    (dir: string) => new LocalBlobStore(dir, Number.MAX_SAFE_INTEGER),
  ],
])('a server whose blob disk is full (%s)', (_name, makeStore) => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'ah-full-'));
    server = await startTestServer('sqlite', {}, { blobs: makeStore(dir) });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers a deploy with 507 and a message a creator can read, leaving no site and no temp file', async () => {
    const { token } = await registerUser(server);
    const res = await deployCode(server, token, uniqueSubdomain('full'), htmlArtifact('no room'));
    expect(res.status).toBe(507);
    expect(res.body.error).toEqual({
      code: 'STORAGE_FULL',
      message:
        'The server has run out of storage space, so this deployment could not be saved. Please try again later.',
    });
    expect((await server.api('GET', '/api/sites', { token })).body.sites).toEqual([]);
    expect(readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.tmp'))).toEqual(
      [],
    );
  });

  it('still signs people up, in and as guests', async () => {
    const email = `full-${Date.now()}@example.com`;
    await registerUser(server, { email, password: 'correct horse battery' });
    const login = await server.api('POST', '/api/auth/login', {
      body: { email, password: 'correct horse battery' },
    });
    expect(login.status).toBe(200);
    await guestSession(server);
  });
});
