import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SiteSourceResponse } from '../../../../shared/site-source';
import { describeEachDatabase } from '../../../../../test/databases';
import {
  deployCode,
  fetchSite,
  htmlArtifact,
  uniqueSubdomain,
  uploadFile,
  waitForDeployment,
} from '../../../../../test/deploy';
import {
  registerUserOnPlan,
  registerVerifiedUser,
  startTestServer,
  type TestServer,
} from '../../../../../test/server';
import { makeZip } from '../../../../../test/zip';

// Edit in the browser, through HTTP: a version's source read back, and an edit of it deployed
// as the site's next version (a zip rebuilt with the edited files in it).

describeEachDatabase('a site source read and edited through the API', (dialect) => {
  let server: TestServer;
  let teamId: string;
  const people = {} as Record<'owner' | 'viewer' | 'stranger', string>;
  // A PNG's first bytes: binary, listed but not editable.
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

  beforeAll(async () => {
    server = await startTestServer(dialect);
    people.owner = (await registerUserOnPlan(server, 'PRO')).token;
    teamId = (
      await server.api('POST', '/api/teams', { token: people.owner, body: { name: 'Editors' } })
    ).body.team.id;
    const viewer = await registerVerifiedUser(server);
    people.viewer = viewer.token;
    const sent = await server.api('POST', `/api/teams/${teamId}/invitations`, {
      token: people.owner,
      body: { email: viewer.user.email, role: 'viewer' },
    });
    const invitation = String(sent.body.invitation.url).split('/').pop();
    const accepted = await server.api('POST', `/api/invitations/${invitation}/accept`, {
      token: viewer.token,
    });
    expect(accepted.status).toBe(200);
    people.stranger = (await registerVerifiedUser(server)).token;
  });
  afterAll(() => server?.close());

  const source = (token: string, siteId: string, deploymentId?: string) =>
    server.api<SiteSourceResponse & { error?: { message: string } }>(
      'GET',
      `/api/sites/${siteId}/source${deploymentId ? `?deploymentId=${deploymentId}` : ''}`,
      { token },
    );
  const edit = (token: string, siteId: string, body: unknown) =>
    server.api('POST', `/api/sites/${siteId}/edits`, { token, body });

  it('reads pasted code back and deploys an edit of it as the next version of the same site', async () => {
    const subdomain = uniqueSubdomain('pasted');
    const first = await deployCode(server, people.owner, subdomain, htmlArtifact('Before edit'));
    expect((await waitForDeployment(server, people.owner, first.body.deployment.id)).status).toBe(
      'SUCCESS',
    );
    const siteId = first.body.site.id;

    const read = await source(people.owner, siteId);
    expect(read.status).toBe(200);
    expect(read.body.deployment).toEqual({
      id: first.body.deployment.id,
      version: 1,
      isLive: true,
    });
    expect(read.body.source).toEqual({
      kind: 'code',
      name: null,
      files: [
        {
          path: 'index.html',
          text: htmlArtifact('Before edit'),
          size: htmlArtifact('Before edit').length,
        },
      ],
    });

    const edited = await edit(people.owner, siteId, {
      baseDeploymentId: first.body.deployment.id,
      files: [{ path: 'index.html', text: htmlArtifact('After edit') }],
    });
    expect(edited.status).toBe(201);
    expect(edited.body.site.id).toBe(siteId);
    expect(edited.body.deployment).toMatchObject({ version: 2, sourceKind: 'code' });
    const done = await waitForDeployment(server, people.owner, edited.body.deployment.id);
    expect(done.status).toBe('SUCCESS');
    expect((await fetchSite(server.port, subdomain)).text).toContain('After edit');
    // The new version's source is the edit; the old one is still there to read.
    expect((await source(people.owner, siteId)).body.source.files[0]?.text).toBe(
      htmlArtifact('After edit'),
    );
    const old = await source(people.owner, siteId, first.body.deployment.id);
    expect(old.body.deployment).toMatchObject({ version: 1, isLive: false });
  });

  it('asks before an edit of an older version replaces a newer live one, and deploys it when told to', async () => {
    const subdomain = uniqueSubdomain('stale');
    const first = await deployCode(server, people.owner, subdomain, htmlArtifact('One'));
    await waitForDeployment(server, people.owner, first.body.deployment.id);
    const siteId = first.body.site.id;
    // Someone else deploys version 2 while the editor still has version 1 open.
    const second = await deployCode(server, people.owner, subdomain, htmlArtifact('Two'));
    await waitForDeployment(server, people.owner, second.body.deployment.id);

    const body = {
      baseDeploymentId: first.body.deployment.id,
      files: [{ path: 'index.html', text: htmlArtifact('One, edited') }],
    };
    const refused = await edit(people.owner, siteId, body);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('NEWER_VERSION_LIVE');
    expect(refused.body.error.message).toContain(
      'Version 2 of this site went live after version 1',
    );
    expect(refused.body.error.details).toEqual({
      baseVersion: 1,
      liveVersion: 2,
      liveDeploymentId: second.body.deployment.id,
    });
    // Nothing was started: the newer version is still what visitors get.
    expect((await fetchSite(server.port, subdomain)).text).toContain('Two');
    const history = await server.api('GET', `/api/sites/${siteId}/deployments`, {
      token: people.owner,
    });
    expect(JSON.stringify(history.body)).not.toContain('"version":3');

    const forced = await edit(people.owner, siteId, { ...body, replaceNewer: true });
    expect(forced.status, JSON.stringify(forced.body)).toBe(201);
    expect(forced.body.deployment.version).toBe(3);
    await waitForDeployment(server, people.owner, forced.body.deployment.id);
    expect((await fetchSite(server.port, subdomain)).text).toContain('One, edited');
  });

  it('lists a zip file by file, rebuilds it with the edited file, and keeps the others as they were', async () => {
    const subdomain = uniqueSubdomain('zipped');
    // One top folder, as zips made by a file manager have: listed as the builder reads it.
    const zip = makeZip({
      'site/index.html':
        '<!doctype html><html><head><link rel="stylesheet" href="style.css"></head><body><h1>Zip site</h1><img src="logo.png"></body></html>',
      'site/style.css': 'h1 { color: red; }',
      'site/logo.png': png,
    });
    const up = await uploadFile(
      server,
      people.owner,
      { name: 'site.zip', bytes: zip, type: 'application/zip' },
      subdomain,
    );
    expect(up.status).toBe(201);
    await waitForDeployment(server, people.owner, up.body.deployment.id);
    const siteId = up.body.site.id;

    const read = await source(people.owner, siteId);
    expect(read.body.source.kind).toBe('zip');
    expect(read.body.source.name).toBe('site.zip');
    expect(read.body.source.files).toEqual([
      { path: 'index.html', text: expect.stringContaining('Zip site'), size: expect.any(Number) },
      { path: 'logo.png', text: null, size: png.byteLength },
      { path: 'style.css', text: 'h1 { color: red; }', size: 18 },
    ]);

    const edited = await edit(people.owner, siteId, {
      baseDeploymentId: up.body.deployment.id,
      files: [{ path: 'style.css', text: 'h1 { color: rebeccapurple; }' }],
    });
    expect(edited.status).toBe(201);
    expect(edited.body.deployment).toMatchObject({ version: 2, sourceKind: 'zip' });
    expect((await waitForDeployment(server, people.owner, edited.body.deployment.id)).status).toBe(
      'SUCCESS',
    );
    expect((await fetchSite(server.port, subdomain, '/style.css')).text).toContain('rebeccapurple');
    expect((await fetchSite(server.port, subdomain, '/')).text).toContain('Zip site');
    const after = await source(people.owner, siteId);
    expect(after.body.deployment.version).toBe(2);
    expect(after.body.source.files.map((f) => [f.path, f.size])).toEqual([
      ['index.html', read.body.source.files[0]?.size],
      ['logo.png', png.byteLength],
      ['style.css', 'h1 { color: rebeccapurple; }'.length],
    ]);
  });

  it('lets a team viewer read the source but not deploy an edit; a stranger finds no site', async () => {
    const deployed = await server.api('POST', '/api/deployments/deploy/code', {
      token: people.owner,
      body: { subdomain: uniqueSubdomain('team'), code: htmlArtifact('Team page'), teamId },
    });
    expect(deployed.status).toBe(201);
    const siteId = deployed.body.site.id;
    await waitForDeployment(server, people.owner, deployed.body.deployment.id);
    const body = {
      baseDeploymentId: deployed.body.deployment.id,
      files: [{ path: 'index.html', text: htmlArtifact('Changed by a viewer') }],
    };

    const viewerRead = await source(people.viewer, siteId);
    expect(viewerRead.status).toBe(200);
    expect(viewerRead.body.source.files[0]?.text).toContain('Team page');
    expect((await edit(people.viewer, siteId, body)).status).toBe(403);

    expect((await source(people.stranger, siteId)).status).toBe(404);
    expect((await edit(people.stranger, siteId, body)).status).toBe(404);
    // Nothing was deployed by either.
    const versions = await server.api('GET', `/api/sites/${siteId}/deployments`, {
      token: people.owner,
    });
    expect(versions.body.deployments).toHaveLength(1);
  });

  it('refuses edits of files the version lacks or cannot edit, and empty or foreign edits', async () => {
    const subdomain = uniqueSubdomain('refused');
    const zip = makeZip({ 'index.html': htmlArtifact('Refusals'), 'logo.png': png });
    const up = await uploadFile(server, people.owner, { name: 'a.zip', bytes: zip }, subdomain);
    const siteId = up.body.site.id;
    const base = up.body.deployment.id;
    await waitForDeployment(server, people.owner, base);
    const other = await deployCode(server, people.owner, uniqueSubdomain('other'), 'x');

    const cases: Array<[unknown, number, string]> = [
      [{ baseDeploymentId: base, files: [] }, 400, 'change at least one file'],
      [{ files: [{ path: 'index.html', text: 'x' }] }, 400, ''],
      [
        { baseDeploymentId: base, files: [{ path: 'missing.html', text: 'x' }] },
        400,
        '"missing.html" is not a file of this version',
      ],
      [
        { baseDeploymentId: base, files: [{ path: 'logo.png', text: 'x' }] },
        400,
        '"logo.png" is not a file of this version',
      ],
      [
        {
          baseDeploymentId: base,
          files: [
            { path: 'index.html', text: 'a' },
            { path: 'index.html', text: 'b' },
          ],
        },
        400,
        'is sent twice',
      ],
      [
        {
          baseDeploymentId: other.body.deployment.id,
          files: [{ path: 'index.html', text: 'x' }],
        },
        404,
        'Deployment not found',
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await edit(people.owner, siteId, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error.message).toContain(message);
    }
    expect((await source(people.owner, siteId, other.body.deployment.id)).status).toBe(404);
    const versions = await server.api('GET', `/api/sites/${siteId}/deployments`, {
      token: people.owner,
    });
    expect(versions.body.deployments).toHaveLength(1);
  });
});
