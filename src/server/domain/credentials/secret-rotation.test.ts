import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeProviders, type FakeProviders } from '../../../../test/ai-providers';
import { registerVerifiedUser, startTestServer } from '../../../../test/server';

const run = promisify(execFile);
const OLD = 'the-old-secret-key-of-this-install-0001';
const NEW = 'the-new-secret-key-of-this-install-0002';
const KEY = 'sk-ant-rotation-test-key-7777';

let providers: FakeProviders;
let dataDir: string;
beforeAll(async () => {
  providers = await startFakeProviders();
  providers.validKeys.add(KEY);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'ah-rotate-'));
});
afterAll(async () => {
  await providers?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it('npm run rotate-secret moves stored keys to a new SECRET_KEY, and can run again', async () => {
  const before = await startTestServer('sqlite', {
    ...providers.env,
    DATA_DIR: dataDir,
    SECRET_KEY: OLD,
  });
  const { token, user } = await registerVerifiedUser(before);
  const added = await before.api('POST', '/api/api-keys', {
    token,
    body: { keyName: 'k', apiKey: KEY },
  });
  const id = added.body.apiKey.id as string;
  await before.close().catch(() => undefined);

  const command = async () =>
    run(process.execPath, ['--import', 'tsx', 'src/server/rotate-secret.ts'], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        OLD_SECRET_KEY: OLD,
        SECRET_KEY: NEW,
        NODE_ENV: 'test',
      },
    });
  expect((await command()).stdout).toMatch(
    'Re-sealed 1 stored secret(s) under the new SECRET_KEY; 0 already were.',
  );
  expect((await command()).stdout).toMatch(
    'Re-sealed 0 stored secret(s) under the new SECRET_KEY; 1 already were.',
  );

  const after = await startTestServer('sqlite', {
    ...providers.env,
    DATA_DIR: dataDir,
    SECRET_KEY: NEW,
  });
  try {
    const login = await after.api('POST', '/api/auth/login', {
      body: { email: user.email, password: 'correct horse battery' },
    });
    const test = await after.api('POST', `/api/api-keys/${id}/test`, { token: login.body.token });
    expect(test.body).toMatchObject({ isValid: true });
    expect(providers.calls.at(-1)?.key).toBe(KEY);
  } finally {
    await after.close().catch(() => undefined);
  }
});
