import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { Deployment } from '../../shared/deployment';
import { describeEachDatabase } from '../../../test/databases';
import {
  deployCode,
  fetchSite,
  htmlArtifact,
  uniqueSubdomain,
  waitForDeployment,
} from '../../../test/deploy';
import { registerUser, startTestServer, type TestServer } from '../../../test/server';

// Version links through HTTP: each successful deployment answers at v{N}--{subdomain} from its
// own files, until the owner turns the links off.
describeEachDatabase('version links', (dialect) => {
  let server: TestServer;
  let port: number;
  let ann: string;
  let bob: string;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    port = Number(new URL(server.url).port);
    bob = (await registerUser(server)).token;
  });
  afterAll(() => server.close());
  // A free account holds three sites: each test deploys as someone new.
  beforeEach(async () => {
    ann = (await registerUser(server)).token;
  });

  async function deploy(subdomain: string, code: string) {
    const res = await deployCode(server, ann, subdomain, code);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const done = await waitForDeployment(server, ann, res.body.deployment.id);
    return { siteId: res.body.site.id, deployment: done };
  }

  async function history(siteId: string): Promise<Deployment[]> {
    const res = await server.api('GET', `/api/sites/${siteId}/deployments`, { token: ann });
    expect(res.status).toBe(200);
    return res.body.deployments;
  }

  const version = (n: number, subdomain: string, path = '/') =>
    fetchSite(port, `v${n}--${subdomain}`, path);

  it("serves an old version's own files at its link after a newer deploy, marked noindex", async () => {
    const subdomain = uniqueSubdomain('vl-old');
    const first = await deploy(subdomain, htmlArtifact('first-version'));
    const second = await deploy(subdomain, htmlArtifact('second-version'));
    expect([first.deployment.status, second.deployment.status]).toEqual(['SUCCESS', 'SUCCESS']);

    const live = await fetchSite(port, subdomain);
    expect(live.text).toContain('second-version');
    expect(live.headers['x-robots-tag']).toBeUndefined();

    const v1 = await version(first.deployment.version, subdomain);
    expect(v1.status).toBe(200);
    expect(v1.text).toContain('first-version');
    expect(v1.text).not.toContain('second-version');
    expect(v1.headers['x-robots-tag']).toBe('noindex');
    expect(v1.text).toContain('<meta name="robots" content="noindex">');
    expect((await version(second.deployment.version, subdomain)).text).toContain('second-version');

    // An unknown path of a version answers as the live site would: not found, still noindex.
    const missing = await version(first.deployment.version, subdomain, '/nothing.png');
    expect(missing.status).toBe(404);
    expect(missing.headers['x-robots-tag']).toBe('noindex');

    const shown = await history(first.siteId);
    const base = new URL(server.url);
    for (const d of shown) {
      expect(d.versionUrl).toBe(`http://v${d.version}--${subdomain}.localhost:${base.port}`);
    }
  });

  it('gives a failed version no link', async () => {
    const subdomain = uniqueSubdomain('vl-failed');
    const ok = await deploy(subdomain, htmlArtifact('works'));
    const failed = await deploy(subdomain, 'export default function App() { return <div> }');
    expect(failed.deployment.status).toBe('FAILED');

    const res = await version(failed.deployment.version, subdomain);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('works');
    const shown = await history(ok.siteId);
    expect(shown.find((d) => d.id === failed.deployment.id)?.versionUrl).toBeNull();
    expect(shown.find((d) => d.id === ok.deployment.id)?.versionUrl).not.toBeNull();
  });

  it('answers not found once the owner turns version links off, and again when on', async () => {
    const subdomain = uniqueSubdomain('vl-off');
    const { siteId, deployment } = await deploy(subdomain, htmlArtifact('switchable'));
    expect((await version(deployment.version, subdomain)).status).toBe(200);

    const stranger = await server.api('PUT', `/api/sites/${siteId}/version-links`, {
      token: bob,
      body: { enabled: false },
    });
    expect(stranger.status).toBe(404);
    const bad = await server.api('PUT', `/api/sites/${siteId}/version-links`, {
      token: ann,
      body: { enabled: 'no' },
    });
    expect(bad.status).toBe(400);
    expect((await version(deployment.version, subdomain)).status).toBe(200);

    const off = await server.api('PUT', `/api/sites/${siteId}/version-links`, {
      token: ann,
      body: { enabled: false },
    });
    expect(off.status).toBe(200);
    expect(off.body.site.versionLinks).toBe(false);
    const gone = await version(deployment.version, subdomain);
    expect(gone.status).toBe(404);
    expect(gone.text).not.toContain('switchable');
    expect((await fetchSite(port, subdomain)).text).toContain('switchable');
    expect((await history(siteId))[0]?.versionUrl).toBeNull();

    const on = await server.api('PUT', `/api/sites/${siteId}/version-links`, {
      token: ann,
      body: { enabled: true },
    });
    expect(on.body.site.versionLinks).toBe(true);
    expect((await version(deployment.version, subdomain)).text).toContain('switchable');
  });

  it("never serves another site's version", async () => {
    const a = uniqueSubdomain('vl-a');
    const b = uniqueSubdomain('vl-b');
    await deploy(a, htmlArtifact('site-a-one'));
    await deploy(a, htmlArtifact('site-a-two'));
    const onlyB = await deploy(b, htmlArtifact('site-b-one'));

    const b1 = await version(onlyB.deployment.version, b);
    expect(b1.text).toContain('site-b-one');
    expect(b1.text).not.toContain('site-a');
    // Site a has a version 2; site b has none, and its label answers not found.
    const b2 = await version(2, b);
    expect(b2.status).toBe(404);
    expect(b2.text).not.toContain('site-a');
  });

  it('leaves rollback as it was: the live site changes, the links do not', async () => {
    const subdomain = uniqueSubdomain('vl-rollback');
    const first = await deploy(subdomain, htmlArtifact('roll-one'));
    const second = await deploy(subdomain, htmlArtifact('roll-two'));
    const rolled = await server.api('POST', `/api/sites/${first.siteId}/rollback`, {
      token: ann,
      body: { deploymentId: first.deployment.id },
    });
    expect(rolled.status).toBe(200);
    expect((await fetchSite(port, subdomain)).text).toContain('roll-one');
    expect((await version(second.deployment.version, subdomain)).text).toContain('roll-two');
    expect((await version(first.deployment.version, subdomain)).text).toContain('roll-one');
    expect((await history(first.siteId)).map((d) => d.version)).toEqual([2, 1]);
  });

  it('keeps version labels from being taken as subdomains', async () => {
    const res = await deployCode(server, ann, 'v1--taken', htmlArtifact('x'));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('version links');
  });
});
