import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotScreen } from '../test/browser';
import { deployCode, htmlArtifact } from '../test/deploy';
import { corpus, deployScreens, UPLOAD_POLL_MS } from '../test/deploy-screens';
import { startTestServer, type TestServer } from '../test/server';

// The deployment screen, /deployments/:id, in Debian's Chromium against a real server: a build
// that fails, a deployment that can't be fetched, and one that waits in the queue (shown as
// Pending, polled only while the socket is down).
describe('watching a deployment', () => {
  const ui = deployScreens();
  const { freshVisitor, shows, socketShown, deployButton, openUpload, register, signInWith } = ui;

  it('shows a build that fails with its Error Details and a way to try again', async () => {
    await freshVisitor();
    await openUpload();
    await ui.page.getByLabel('Your code').fill(corpus('26-broken-unclosed-tag.jsx'));
    await ui.page.getByLabel('Subdomain').fill('broken-weather');
    await deployButton().click();
    await ui.page.waitForURL(/\/deployments\//);
    await shows('Deployment Failed');
    const details = ui.page.getByRole('region', { name: 'Error Details' });
    await expect.poll(() => details.isVisible()).toBe(true);
    // The builder names the line with the mistake (the corpus manifest says line 31).
    expect(await details.textContent()).toContain('31');
    expect(await ui.page.getByRole('log').textContent()).toMatch(/error/i);
    expect(await ui.page.getByText('Taking you to your dashboard').count()).toBe(0);
    await screenshotScreen(ui.page, 'deployment-failed');

    await details.getByRole('link', { name: 'Try again' }).click();
    await ui.page.waitForURL((url) => url.pathname === '/upload');
    expect(new URL(ui.page.url()).searchParams.get('subdomain')).toBe('broken-weather');
    expect(await ui.page.getByLabel('Subdomain').inputValue()).toBe('broken-weather');
  });

  it("says so in the console when a deployment can't be fetched", async () => {
    await freshVisitor();
    await ui.page.goto(`${ui.server.url}/deployments/no-such-deployment`);
    await shows('Authentication required');

    await signInWith(await register(`stranger-${Date.now()}@example.com`));
    await ui.page.goto(`${ui.server.url}/deployments/no-such-deployment`);
    await shows('Error: Deployment not found');
    await shows('This deployment could not be loaded');
    await ui.page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await ui.page.waitForURL((url) => url.pathname === '/dashboard');
  });

  // A server with no build worker: its deployments stay queued for as long as we look.
  describe('a deployment that waits for a builder', () => {
    let webOnly: TestServer;
    let token: string;
    let siteId: string;
    let deploymentId: string;
    beforeAll(async () => {
      webOnly = await startTestServer('sqlite', { ROLES: 'web' });
      token = await register('queued@example.com', webOnly);
      const started = await deployCode(webOnly, token, 'queued-site', htmlArtifact('queued'));
      expect(started.status).toBe(201);
      siteId = started.body.site.id;
      deploymentId = started.body.deployment.id;
    });
    afterAll(() => webOnly?.close());

    it('shows as Pending, with no logs yet', async () => {
      await freshVisitor(webOnly.url);
      await signInWith(token, webOnly);
      await ui.page.goto(`${webOnly.url}/deployments/${deploymentId}`);
      await shows('Waiting for deployment to start...');
      expect(await ui.page.getByRole('heading', { name: 'Pending' }).isVisible()).toBe(true);
      await shows('Waiting for build logs...');
      expect(await ui.page.getByRole('progressbar').count()).toBe(0);
      await screenshotScreen(ui.page, 'deployment-pending');
    });

    it('keeps Redeploy disabled on the site while a version is queued', async () => {
      await freshVisitor(webOnly.url);
      await signInWith(token, webOnly);
      await ui.page.goto(`${webOnly.url}/sites/${siteId}`);
      await shows('Version 1');
      const history = ui.page.getByRole('listitem').filter({ hasText: 'Version 1' });
      expect(await history.textContent()).toContain('pending');
      expect(await ui.page.getByRole('button', { name: 'Redeploy' }).isDisabled()).toBe(true);
      expect(await ui.page.getByRole('button', { name: 'Delete', exact: true }).isEnabled()).toBe(
        true,
      );
    });

    describe('polls it only while the socket is down', () => {
      /** Opens the deployment as the upload flow does, with the page's clock in the test's hands. */
      const watch = async (socketDown: boolean) => {
        await freshVisitor(webOnly.url);
        await ui.context.clock.install();
        if (socketDown) {
          // Both of socket.io's transports refused: the app is on its own.
          await ui.context.route('**/socket.io/**', (route) => route.abort());
          await ui.context.routeWebSocket(/\/socket\.io\//, (ws) => ws.close());
        }
        const fetches: string[] = [];
        ui.page.on('request', (r) => {
          const { pathname } = new URL(r.url());
          if (pathname === `/api/deployments/${deploymentId}` || pathname === '/api/health')
            fetches.push(pathname);
        });
        await signInWith(token, webOnly);
        await ui.page.goto(`${webOnly.url}/upload`);
        // Opened from the deploy screen (router state), so the upload flow's 15 s applies.
        await ui.page.evaluate((path) => {
          window.history.pushState({ usr: { fromUpload: true }, key: 'p', idx: 1 }, '', path);
          window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
        }, `/deployments/${deploymentId}`);
        await shows('Pending');
        await socketShown(!socketDown);
        return fetches;
      };
      /** Fetches of the deployment made from now until the page's next request of its own. */
      const fetchesUntilMarker = async (fetches: string[], from: number) => {
        // A request the page makes after every timer that was due has run: any poll those
        // timers started was sent before it.
        await ui.page.evaluate(() => fetch('/api/health'));
        await expect.poll(() => fetches.slice(from).includes('/api/health')).toBe(true);
        const upTo = fetches.indexOf('/api/health', from);
        return fetches.slice(from, upTo).length;
      };

      it('asks the API again once the poll interval has passed while the socket is down', async () => {
        const fetches = await watch(true);
        // What is fetched when the screen opens is not a poll: count from here on.
        await expect.poll(() => fetches.length, { timeout: 30_000 }).toBeGreaterThan(0);
        const from = fetches.length;
        const polled = ui.page.waitForRequest(
          (r) => new URL(r.url()).pathname === `/api/deployments/${deploymentId}`,
        );
        await ui.context.clock.runFor(UPLOAD_POLL_MS + 1000);
        await polled;
        expect(await fetchesUntilMarker(fetches, from)).toBeGreaterThanOrEqual(1);
        await shows('Pending');
      });

      it('never polls while the socket is up', async () => {
        const fetches = await watch(false);
        // The first fetch and the catch-up after joining the room come with opening the screen.
        await expect.poll(() => fetches.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
        const from = fetches.length;
        await ui.context.clock.runFor(UPLOAD_POLL_MS + 1000);
        expect(await fetchesUntilMarker(fetches, from)).toBe(0);
        await socketShown(true);
      });
    });
  });
});
