import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import type { Deployment } from '../shared/deployment';
import { subdomainFor } from './deploy-tool';
import { ToolError, type HostPort } from './port';
import { createMcpServer } from './tools';

// The tools against a port that is not a server: what they answer in the cases a real build
// rarely produces (a build still running at the deadline, a failure inside the host).

function deployment(status: Deployment['status']): Deployment {
  return {
    id: 'd1',
    siteId: 's1',
    version: 3,
    status,
    progress: 50,
    message: null,
    logs: ['Building…'],
    buildLogs: 'Building…',
    errorMessage: null,
    sourceKind: 'code',
    isLive: false,
    versionUrl: null,
    previewUrl: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    deployedAt: null,
    deployedBy: null,
    site: { id: 's1', name: 'slow', subdomain: 'slow', url: 'http://slow.localhost' },
  };
}

function fakePort(overrides: Partial<HostPort>): HostPort {
  const never = async (): Promise<never> => {
    throw new Error('not in this test');
  };
  return {
    deploy: async (_source, subdomain) => ({
      deployment: deployment('PENDING'),
      site: { id: 's1', url: `http://${subdomain}.localhost`, subdomain },
    }),
    waitUntilFinished: never,
    listSites: never,
    listDeployments: never,
    getDeployment: never,
    rollback: never,
    ...overrides,
  };
}

async function connected(port: HostPort, unexpected: unknown[] = []) {
  const server = createMcpServer(port, (err) => unexpected.push(err));
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: 'unit', version: '1.0.0' });
  await client.connect(b);
  return client;
}

const text = (r: CallToolResult) =>
  r.content.map((c) => (c.type === 'text' ? c.text : '')).join('');

describe('MCP tools', () => {
  it('says a build still running at the deadline is not live yet, and how to follow it', async () => {
    const client = await connected(
      fakePort({ waitUntilFinished: async () => deployment('BUILDING') }),
    );
    const res = (await client.callTool({
      name: 'deploy_artifact',
      arguments: { code: '<h1>x</h1>', subdomain: 'slow' },
    })) as CallToolResult;
    expect(res.isError).toBeFalsy();
    expect(text(res)).toContain('still building after 60 seconds');
    expect(text(res)).toContain('get_deployment_logs');
    expect(res.structuredContent).toMatchObject({ status: 'BUILDING', deploymentId: 'd1' });
  });

  it('answers a refusal in its words and hides an unexpected failure', async () => {
    const unexpected: unknown[] = [];
    const client = await connected(
      fakePort({
        listSites: async () => {
          throw new ToolError('You have used your plan.');
        },
        deploy: async () => {
          throw new Error('SQLITE_BUSY: database is locked at /srv/data/app.db');
        },
      }),
      unexpected,
    );
    const refused = (await client.callTool({ name: 'list_sites' })) as CallToolResult;
    expect(refused.isError).toBe(true);
    expect(text(refused)).toBe('You have used your plan.');
    const failed = (await client.callTool({
      name: 'deploy_artifact',
      arguments: { code: 'x' },
    })) as CallToolResult;
    expect(failed.isError).toBe(true);
    expect(text(failed)).not.toContain('SQLITE');
    expect(text(failed)).toContain('Something went wrong');
    expect(unexpected).toHaveLength(1);
  });

  it('refuses a missing or doubled source before calling the host', async () => {
    const client = await connected(fakePort({}));
    for (const args of [{}, { code: 'x', files: [{ path: 'index.html', content: 'x' }] }]) {
      const res = (await client.callTool({
        name: 'deploy_artifact',
        arguments: args,
      })) as CallToolResult;
      expect(res.isError).toBe(true);
      expect(text(res)).toContain('Give either `code`');
    }
  });

  it('makes a subdomain from a title, with a random tail', () => {
    expect(subdomainFor('Mortgage Calculator (v2)!')).toMatch(
      /^mortgage-calculator-v2-[a-z0-9]{4}$/,
    );
    expect(subdomainFor('Café crème')).toMatch(/^cafe-creme-[a-z0-9]{4}$/);
    expect(subdomainFor(undefined)).toMatch(/^site-[a-z0-9]{4}$/);
    expect(subdomainFor('日本語')).toMatch(/^site-[a-z0-9]{4}$/);
    expect(subdomainFor('x'.repeat(80)).length).toBeLessThanOrEqual(63);
  });
});
