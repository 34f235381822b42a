import { spawn } from 'node:child_process';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  StdioClientTransport,
  getDefaultEnvironment,
} from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR, REPO_ROOT } from '../../test/builder-corpus';
import { describeEachDatabase } from '../../test/databases';
import { fetchSite, htmlArtifact, uniqueSubdomain } from '../../test/deploy';
import { BROKEN, TOOLS, call, filesOf, sample, text } from '../../test/mcp';
import { registerVerifiedUser, startTestServer, type TestServer } from '../../test/server';

// `artifact-host mcp` (src/mcp/stdio.ts) as a child process, as an MCP client starts it,
// talking to a real server through its REST API.
describeEachDatabase('MCP server over stdio (artifact-host mcp)', (dialect) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(dialect, { ADMIN_EMAILS: 'mcp@example.com' });
    token = (await registerVerifiedUser(server, { email: 'mcp@example.com' })).token;
  });
  afterAll(() => server?.close());

  describe('the tools', () => {
    let client: Client;
    const stderr: string[] = [];
    beforeAll(async () => {
      client = new Client({ name: 'mcp-stdio-test', version: '1.0.0' });
      // As an MCP client configured per the README starts it: `artifact-host mcp`.
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [path.join(REPO_ROOT, 'bin/artifact-host.mjs'), 'mcp'],
        cwd: REPO_ROOT,
        env: {
          ...getDefaultEnvironment(),
          ARTIFACT_HOST_URL: server.url,
          ARTIFACT_HOST_TOKEN: token,
        },
        stderr: 'pipe',
      });
      transport.stderr?.on('data', (chunk: Buffer) => stderr.push(String(chunk)));
      await client.connect(transport);
    });
    afterAll(() => client?.close());

    it('lists the tools and deploys a React component to its live URL', async () => {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(TOOLS);
      const subdomain = uniqueSubdomain('expenses');
      const ok = await call(client, 'deploy_artifact', {
        code: sample('01-expense-tracker.jsx'),
        subdomain,
        title: 'Expense tracker',
      });
      expect(ok.isError, `${text(ok)}\n${stderr.join('')}`).toBeFalsy();
      const url = `http://${subdomain}.localhost:${server.port}`;
      expect(ok.structuredContent).toMatchObject({ url, status: 'SUCCESS' });
      const page = await fetchSite(server.port, subdomain);
      expect(page.status).toBe(200);
      expect(page.text).toMatch(/<script/);
    });

    it('answers a broken component with the error and its line', async () => {
      const broken = await call(client, 'deploy_artifact', {
        code: sample(BROKEN),
        subdomain: uniqueSubdomain('broken'),
      });
      expect(broken.isError).toBe(true);
      expect(text(broken)).toMatch(/\b31:\d+/);
    });

    it('deploys files through the upload route, lists, reads logs and rolls back', async () => {
      const subdomain = uniqueSubdomain('stdio-site');
      const site = await call(client, 'deploy_artifact', {
        files: filesOf(path.join(CORPUS_DIR, '23-static-site')),
        subdomain,
      });
      expect(site.isError, text(site)).toBeFalsy();
      expect((await fetchSite(server.port, subdomain)).text).toContain('Harbor Street Bakery');
      const page = await call(client, 'deploy_artifact', {
        files: [{ path: 'index.html', content: htmlArtifact('one page') }],
        subdomain,
      });
      expect(page.structuredContent).toMatchObject({ version: 2, status: 'SUCCESS' });
      expect((await fetchSite(server.port, subdomain)).text).toContain('one page');

      const listed = await call(client, 'list_sites');
      const sites = (listed.structuredContent as { sites: any[] }).sites;
      expect(sites.find((s) => s.subdomain === subdomain)?.currentVersion).toBe(2);
      const logs = await call(client, 'get_deployment_logs', { site: subdomain });
      expect(logs.structuredContent).toMatchObject({ version: 2, status: 'SUCCESS' });
      const back = await call(client, 'rollback_site', { site: subdomain, version: 1 });
      expect(back.isError, text(back)).toBeFalsy();
      expect((await fetchSite(server.port, subdomain)).text).toContain('Harbor Street Bakery');
    });

    it('without a token still lists its tools, and each says how to set one', async () => {
      const bare = new Client({ name: 'mcp-stdio-no-token', version: '1.0.0' });
      await bare.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: ['--import', 'tsx', 'src/mcp/stdio.ts'],
          cwd: REPO_ROOT,
          env: { ...getDefaultEnvironment(), ARTIFACT_HOST_URL: server.url },
          stderr: 'ignore',
        }),
      );
      try {
        expect((await bare.listTools()).tools).toHaveLength(4);
        const res = await call(bare, 'list_sites');
        expect(res.isError).toBe(true);
        expect(text(res)).toContain('set ARTIFACT_HOST_TOKEN');
      } finally {
        await bare.close();
      }
    });

    it('writes only protocol messages to stdout, and ends when the client closes stdin', async () => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/mcp/stdio.ts'], {
        cwd: REPO_ROOT,
        env: { ...process.env, ARTIFACT_HOST_URL: server.url, ARTIFACT_HOST_TOKEN: token },
      });
      let stdout = '';
      let childErr = '';
      child.stderr.on('data', (c: Buffer) => (childErr += String(c)));
      const answered = new Promise<void>((resolve) =>
        child.stdout.on('data', (c: Buffer) => {
          stdout += String(c);
          if (stdout.includes('\n')) resolve();
        }),
      );
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      const initialize = {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'raw', version: '1' },
        },
      };
      child.stdin.write(`${JSON.stringify(initialize)}\n`);
      await answered;
      child.stdin.end();
      expect(await exited).toBe(0);
      const lines = stdout.trim().split('\n');
      for (const line of lines) expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
      expect(JSON.parse(lines[0]!).result.serverInfo.name).toBe('artifact-host');
      expect(childErr).toContain(`serving tools for ${server.url}`);
    });
  });
});
