import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  guestSession,
  registerUser,
  registerVerifiedUser,
  startTestServer,
  type TestServer,
} from '../../../../../test/server';
import { makeZip } from '../../../../../test/zip';

describeEachDatabase('deployments API', (dialect) => {
  let server: TestServer;
  let ann: string;
  let bob: string;
  beforeAll(async () => {
    // Ann is unlimited (ADMIN), so the many sites of these tests never meet the FREE limit.
    server = await startTestServer(dialect, { ADMIN_EMAILS: 'ann@example.com' });
    ann = (await registerVerifiedUser(server, { email: 'ann@example.com' })).token;
    bob = (await registerUser(server)).token;
  });
  afterAll(() => server.close());

  const countGuests = async () =>
    Number(
      (
        await server.ctx.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('is_guest', '=', 1)
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('deploy/code', () => {
    it('builds pasted HTML and the site answers on its host', async () => {
      const subdomain = uniqueSubdomain('hello');
      const res = await deployCode(server, ann, subdomain, htmlArtifact('Hello v1'));
      expect(res.status).toBe(201);
      expect(res.body.site).toMatchObject({
        subdomain,
        url: `http://${subdomain}.localhost:${server.port}`,
      });
      expect(res.body.deployment).toMatchObject({ status: 'PENDING', version: 1, progress: 0 });
      const done = await waitForDeployment(server, ann, res.body.deployment.id);
      expect(done.status).toBe('SUCCESS');
      expect(done.progress).toBe(100);
      expect(done.isLive).toBe(true);
      expect(done.deployedAt).toBeTruthy();
      expect(done.logs.length).toBeGreaterThan(1);
      expect(done.buildLogs).toBe(done.logs.join('\n'));
      const page = await fetchSite(server.port, subdomain, '/');
      expect(page.status).toBe(200);
      expect(page.text).toContain('Hello v1');
    });

    it('deploying again to your own subdomain makes a new version of the same site', async () => {
      const subdomain = uniqueSubdomain('again');
      const first = await deployCode(server, ann, subdomain, htmlArtifact('one'));
      await waitForDeployment(server, ann, first.body.deployment.id);
      const second = await deployCode(server, ann, subdomain, htmlArtifact('two'));
      expect(second.status).toBe(201);
      expect(second.body.site.id).toBe(first.body.site.id);
      expect(second.body.deployment.version).toBe(2);
      await waitForDeployment(server, ann, second.body.deployment.id);
      expect((await fetchSite(server.port, subdomain)).text).toContain('two');
    });

    it('without any session makes a 24-hour guest site and answers with its claim link', async () => {
      const res = await deployCode(server, undefined, uniqueSubdomain('anon'), htmlArtifact('x'));
      expect(res.status).toBe(201);
      expect(res.body.claimUrl).toMatch(/\/claim\/[A-Za-z0-9_-]{43}$/);
      const site = await server.ctx.db
        .selectFrom('sites')
        .select('expires_at')
        .where('id', '=', res.body.site.id)
        .executeTakeFirstOrThrow();
      expect(site.expires_at).not.toBeNull();
      // An account's own deploys carry no claim link.
      const own = await deployCode(server, ann, uniqueSubdomain('own'), htmlArtifact('x'));
      expect(own.body.claimUrl).toBeUndefined();
    });

    it('answers 401 to credentials that were sent but not accepted, making no guest site', async () => {
      const guestsBefore = await countGuests();
      const stale = await deployCode(
        server,
        'expired-or-made-up',
        uniqueSubdomain('stale'),
        htmlArtifact('x'),
      );
      expect(stale.status).toBe(401);
      expect(stale.body.error.message).toBe('Authentication required. Please login again.');
      const form = new FormData();
      form.set('subdomain', uniqueSubdomain('stale'));
      form.set('file', new Blob(['<h1>x</h1>'], { type: 'text/html' }), 'index.html');
      const upload = await fetch(`${server.url}/api/deployments/deploy/file`, {
        method: 'POST',
        headers: { cookie: 'auth_token=expired-or-made-up' },
        body: form,
      });
      expect(upload.status).toBe(401);
      expect(await countGuests()).toBe(guestsBefore);
    });

    it('refuses bad, reserved and empty subdomains and empty code', async () => {
      const cases: Array<[string, string]> = [
        ['', 'Please enter a subdomain'],
        ['   ', 'Please enter a subdomain'],
        ['-edge', 'Subdomain may contain only'],
        ['has_underscore', 'Subdomain may contain only'],
        ['a'.repeat(64), 'at most 63'],
        ['WWW', 'is reserved'],
      ];
      for (const [subdomain, message] of cases) {
        const res = await deployCode(server, ann, subdomain, htmlArtifact('x'));
        expect(res.status, subdomain).toBe(400);
        expect(res.body.error.message).toContain(message);
      }
      const empty = await deployCode(server, ann, uniqueSubdomain('empty'), '  ');
      expect(empty.status).toBe(400);
      expect(empty.body.error.message).toBe('Please enter some code to deploy');
    });

    it("refuses someone else's subdomain with 409", async () => {
      const subdomain = uniqueSubdomain('taken');
      expect((await deployCode(server, ann, subdomain, htmlArtifact('ann'))).status).toBe(201);
      const res = await deployCode(server, bob, subdomain.toUpperCase(), htmlArtifact('bob'));
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(
        'This subdomain is already taken. Please choose another.',
      );
    });

    it('fails a broken build honestly and keeps serving the previous version', async () => {
      const subdomain = uniqueSubdomain('keep');
      const good = await deployCode(server, ann, subdomain, htmlArtifact('good'));
      await waitForDeployment(server, ann, good.body.deployment.id);
      const bad = await deployCode(
        server,
        ann,
        subdomain,
        'export default function App() { return <div>{ }</div> ',
      );
      const failed = await waitForDeployment(server, ann, bad.body.deployment.id);
      expect(failed.status).toBe('FAILED');
      expect(failed.errorMessage).toBeTruthy();
      expect((await fetchSite(server.port, subdomain)).text).toContain('good');
      const site = await server.api('GET', `/api/sites/${good.body.site.id}`, { token: ann });
      expect(site.body.site).toMatchObject({
        status: 'ACTIVE',
        currentDeploymentId: good.body.deployment.id,
      });
    });
  });

  describe('plan limits', () => {
    it('lets FREE users create 3 sites, then answers 403 with the upgrade details', async () => {
      const { token } = await registerUser(server);
      const subs = [uniqueSubdomain('p1'), uniqueSubdomain('p2'), uniqueSubdomain('p3')];
      for (const s of subs) expect((await deployCode(server, token, s, 'x')).status).toBe(201);
      const res = await deployCode(server, token, uniqueSubdomain('p4'), 'x');
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({
        code: 'PLAN_LIMIT',
        details: { upgradeRequired: true, plan: 'FREE', currentCount: 3, maxAllowed: 3 },
      });
      // A new version of an existing site is not a new site.
      expect((await deployCode(server, token, subs[0]!, 'y')).status).toBe(201);
    });

    it('treats guests as FREE and gives their sites 24 hours', async () => {
      const { token } = await guestSession(server);
      const res = await deployCode(server, token, uniqueSubdomain('guest'), htmlArtifact('guest'));
      expect(res.status).toBe(201);
      const site = await server.api('GET', `/api/sites/${res.body.site.id}`, { token });
      const ttl = Date.parse(site.body.site.expiresAt) - Date.parse(site.body.site.createdAt);
      expect(ttl).toBe(24 * 60 * 60 * 1000);
      for (const s of [uniqueSubdomain('g2'), uniqueSubdomain('g3')])
        await deployCode(server, token, s, 'x');
      const over = await deployCode(server, token, uniqueSubdomain('g4'), 'x');
      expect(over.status).toBe(403);
      expect(over.body.error.details.plan).toBe('FREE');
    });
  });

  describe('deploy/file', () => {
    it('deploys an .html upload', async () => {
      const subdomain = uniqueSubdomain('upload');
      const res = await uploadFile(
        server,
        ann,
        { name: 'page.html', bytes: htmlArtifact('Uploaded'), type: 'text/html' },
        subdomain,
      );
      expect(res.status).toBe(201);
      await waitForDeployment(server, ann, res.body.deployment.id);
      expect((await fetchSite(server.port, subdomain)).text).toContain('Uploaded');
    });

    it('deploys a .zip of a static site', async () => {
      const subdomain = uniqueSubdomain('zip');
      const zip = makeZip({
        'index.html': htmlArtifact('Zipped home'),
        'about.html': htmlArtifact('Zipped about'),
        'style.css': 'body{color:red}',
      });
      const res = await uploadFile(server, ann, { name: 'site.zip', bytes: zip }, subdomain);
      expect(res.status).toBe(201);
      const done = await waitForDeployment(server, ann, res.body.deployment.id);
      expect(done.status, done.errorMessage ?? '').toBe('SUCCESS');
      expect((await fetchSite(server.port, subdomain, '/about')).text).toContain('Zipped about');
      const css = await fetchSite(server.port, subdomain, '/style.css');
      expect(css.headers['content-type']).toMatch(/text\/css/);
    });

    it('refuses other file types, missing files, fake zips and unauthenticated uploads', async () => {
      const txt = await uploadFile(
        server,
        ann,
        { name: 'notes.txt', bytes: 'hi' },
        uniqueSubdomain('t'),
      );
      expect(txt.status).toBe(415);
      expect(txt.body.error.message).toBe('Only .html and .zip files can be deployed.');
      const none = await uploadFile(server, ann, null, uniqueSubdomain('t'));
      expect(none.status).toBe(400);
      expect(none.body.error.message).toBe('Please select a file to deploy');
      const fake = await uploadFile(
        server,
        ann,
        { name: 'x.zip', bytes: 'not a zip' },
        uniqueSubdomain('t'),
      );
      expect(fake.status).toBe(400);
      const anon = await uploadFile(
        server,
        undefined,
        { name: 'a.html', bytes: 'x' },
        uniqueSubdomain('t'),
      );
      // Without a session it is a guest's upload (claim.test.ts says the rest).
      expect(anon.status).toBe(201);
      expect(anon.body.claimUrl).toEqual(expect.any(String));
    });

    it('refuses a file over 10 MB with 413', async () => {
      const big = new Uint8Array(10 * 1024 * 1024 + 1).fill(65);
      const res = await uploadFile(
        server,
        ann,
        { name: 'big.html', bytes: big },
        uniqueSubdomain('big'),
      );
      expect(res.status).toBe(413);
      expect(res.body.error.message).toBe('File is too large. The maximum size is 10 MB.');
    });
  });

  describe('reading, logs and redeploy', () => {
    it('shows a deployment and its logs to its owner only; others get 404', async () => {
      const res = await deployCode(server, ann, uniqueSubdomain('mine'), htmlArtifact('mine'));
      const id = res.body.deployment.id;
      await waitForDeployment(server, ann, id);
      const own = await server.api('GET', `/api/deployments/${id}`, { token: ann });
      expect(own.status).toBe(200);
      expect(own.body.deployment).toMatchObject({ id, status: 'SUCCESS' });
      const logs = await server.api('GET', `/api/deployments/${id}/logs`, { token: ann });
      expect(logs.status).toBe(200);
      expect(logs.body.logs).toEqual(own.body.deployment.logs);
      expect(logs.body.deployment.logs).toEqual(logs.body.logs);
      for (const path of [`/api/deployments/${id}`, `/api/deployments/${id}/logs`]) {
        const other = await server.api('GET', path, { token: bob });
        expect(other.status).toBe(404);
        expect(other.body.error.message).toBe('Deployment not found');
      }
      expect((await server.api('GET', `/api/deployments/${id}`)).status).toBe(401);
      expect((await server.api('GET', '/api/deployments/nope', { token: ann })).status).toBe(404);
    });

    it('redeploys the stored source as a new version; others cannot', async () => {
      const res = await deployCode(server, ann, uniqueSubdomain('redeploy'), htmlArtifact('again'));
      await waitForDeployment(server, ann, res.body.deployment.id);
      const siteId = res.body.site.id;
      const other = await server.api('POST', `/api/deployments/${siteId}/redeploy`, { token: bob });
      expect(other.status).toBe(404);
      const again = await server.api('POST', `/api/deployments/${siteId}/redeploy`, { token: ann });
      expect(again.status).toBe(201);
      expect(again.body.deployment.version).toBe(2);
      const done = await waitForDeployment(server, ann, again.body.deployment.id);
      expect(done.status).toBe('SUCCESS');
      expect((await fetchSite(server.port, res.body.site.subdomain)).text).toContain('again');
    });
  });
});
