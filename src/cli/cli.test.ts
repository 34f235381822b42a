import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchSite } from '../../test/deploy';
import { registerUserOnPlan, startTestServer, type TestServer } from '../../test/server';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'bin/artifact-host.mjs');
const FIXTURES = path.join(ROOT, 'test/fixtures/artifacts');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

describe('artifact-host CLI against a real server', () => {
  let server: TestServer;
  let secret: string;
  let home: string;

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    const session = (await registerUserOnPlan(server, 'PRO')).token;
    const made = await server.api('POST', '/api/tokens', {
      token: session,
      body: { name: 'cli test', scope: 'deploy' },
    });
    secret = made.body.secret;
    // A config folder of its own: the tests never read or write the real ~/.config.
    home = mkdtempSync(path.join(os.tmpdir(), 'ah-cli-'));
  });
  afterAll(async () => {
    await server?.close();
  });

  /** The CLI as a child process; `input` goes to its stdin (a pipe, so not a TTY). */
  const cli = (args: string[], opts: { input?: string; env?: Record<string, string> } = {}) =>
    new Promise<Run>((resolve) => {
      const child = execFile(
        process.execPath,
        [BIN, ...args],
        {
          cwd: ROOT,
          env: {
            PATH: process.env.PATH ?? '',
            HOME: home,
            XDG_CONFIG_HOME: path.join(home, '.config'),
            ARTIFACT_HOST_URL: server.url,
            ARTIFACT_HOST_TOKEN: secret,
            ...opts.env,
          },
          timeout: 60_000,
        },
        (err, stdout, stderr) =>
          resolve({
            code: err ? Number((err as { code?: unknown }).code ?? 1) : 0,
            stdout,
            stderr,
          }),
      );
      child.stdin?.end(opts.input ?? '');
    });

  const siteText = async (url: string) => {
    const sub = new URL(url).hostname.split('.')[0]!;
    return fetchSite(server.port, sub);
  };

  it('deploys a JSX file, prints the URL, and the site answers', async () => {
    const run = await cli([
      'deploy',
      path.join(FIXTURES, '01-expense-tracker.jsx'),
      '--subdomain',
      'cli-file',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const url = run.stdout.trim();
    expect(url).toMatch(/^http:\/\/cli-file\.localhost:\d+\/?$/);
    expect((await siteText(url)).status).toBe(200);
    // Piped, progress is plain lines on stderr.
    expect(run.stderr).toContain('success');
  });

  it('deploys a folder, zipped on the fly, under its slugified name', async () => {
    const run = await cli(['deploy', path.join(FIXTURES, '23-static-site')]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim()).toContain('23-static-site.localhost');
    const page = await siteText(run.stdout.trim());
    expect(page.status).toBe(200);
  });

  it('deploys stdin and prints one JSON object with --json', async () => {
    const run = await cli(['deploy', '-', '--subdomain', 'cli-stdin', '--json'], {
      input: '<!doctype html><html><body><h1>from stdin</h1></body></html>',
    });
    expect(run.code, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out).toMatchObject({ status: 'SUCCESS', error: null, version: 1 });
    expect((await siteText(out.url)).text).toContain('from stdin');
  });

  it('exits 1 with the build error and its line on a broken sample', async () => {
    const run = await cli([
      'deploy',
      path.join(FIXTURES, '26-broken-unclosed-tag.jsx'),
      '--subdomain',
      'cli-broken',
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/Build failed: .*\d+/);
    expect(run.stderr).toMatch(/line \d+|:\d+:\d+|\(\d+:\d+\)/);
  });

  it('lists sites, shows logs, rolls back and deletes', async () => {
    await cli(['deploy', '-', '--subdomain', 'cli-life'], { input: '<h1>one</h1>' });
    const second = await cli(['deploy', '-', '--subdomain', 'cli-life'], { input: '<h1>two</h1>' });
    expect(second.code, second.stderr).toBe(0);

    const sites = await cli(['sites', '--json']);
    const listed = JSON.parse(sites.stdout).sites.map((s: { subdomain: string }) => s.subdomain);
    expect(listed).toEqual(expect.arrayContaining(['cli-life', 'cli-file']));
    expect((await cli(['sites'])).stdout).toMatch(/^SUBDOMAIN\s+STATUS\s+URL/);

    const logs = await cli(['logs', 'cli-life']);
    expect(logs.code, logs.stderr).toBe(0);
    expect(logs.stdout).toContain('cli-life version 2: SUCCESS');

    const back = await cli(['rollback', 'cli-life', '1']);
    expect(back.code, back.stderr).toBe(0);
    expect((await fetchSite(server.port, 'cli-life')).text).toContain('one');
    expect((await cli(['rollback', 'cli-life', '9'])).stderr).toContain('has no version 9');

    const refused = await cli(['delete', 'cli-life']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('--yes');
    const gone = await cli(['delete', 'cli-life', '--yes']);
    expect(gone.code, gone.stderr).toBe(0);
    expect((await fetchSite(server.port, 'cli-life')).status).toBe(404);
    expect((await cli(['logs', 'cli-life'])).stderr).toContain('No site "cli-life"');
  });

  it('login checks the token and saves it with mode 0600; a bad token is refused', async () => {
    const bad = await cli(['login'], {
      env: { ARTIFACT_HOST_TOKEN: '' },
      input: 'ah_not-a-real-token\n',
    });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('revoked or never existed');

    const good = await cli(['login'], { env: { ARTIFACT_HOST_TOKEN: '' }, input: `${secret}\n` });
    expect(good.code, good.stderr).toBe(0);
    const file = path.join(home, '.config/artifact-host/config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ server: server.url, token: secret });
    // With no token in the environment, the saved one is used.
    const sites = await cli(['sites', '--json'], { env: { ARTIFACT_HOST_TOKEN: '' } });
    expect(sites.code, sites.stderr).toBe(0);
  });

  it('reports API errors as their message with a non-zero exit', async () => {
    const run = await cli(['deploy', '-', '--subdomain', 'admin'], { input: '<h1>x</h1>' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('reserved');
  });

  it('--help of every command says what it does and exits 0', async () => {
    const top = await cli(['--help']);
    expect(top.code).toBe(0);
    for (const name of ['login', 'deploy', 'sites', 'logs', 'rollback', 'delete']) {
      expect(top.stdout).toContain(`  ${name} `);
      const run = await cli([name, '--help']);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(new RegExp(`^Usage: artifact-host ${name}`));
    }
    const unknown = await cli(['deploy', '--bogus']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--bogus');
  });
});
