import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProviders, type FakeProviders } from '../test/ai-providers';
import { launchBrowser, screenshotScreen } from '../test/browser';
import { deployCode, uniqueSubdomain, waitForDeployment } from '../test/deploy';
import { registerVerifiedUser, startTestServer, type TestServer } from '../test/server';

const KEY = 'sk-ant-api03-fix-e2e-key-FFFF-5t6u';

// A mistake on line 2: esbuild stops at the semicolon inside the array.
const broken = `export default function App() {
  const items = [1, 2;
  return <h1>Fixed with AI: {items.length} items</h1>;
}
`;
const fixed = broken.replace('[1, 2;', '[1, 2];');

// Fix with AI as a person meets it: a component that does not build, the failed deployment's
// screen, "Fix with AI", the proposed change as a diff with the limit it counted against, and
// "Deploy this fix" followed live until the site shows the fixed component. The fake provider
// answers the fix deterministically.
describe('Fix with AI in the browser', () => {
  let providers: FakeProviders;
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    providers = await startFakeProviders();
    providers.validKeys.add(KEY);
    providers.reply = (prompt) =>
      JSON.stringify({
        explanation: 'The array on line 2 was missing its closing bracket.',
        files: [{ path: /--- FILE: (.+) ---/.exec(prompt)?.[1] ?? 'missing', content: fixed }],
      });
    server = await startTestServer('sqlite', providers.env);
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    token = (await registerVerifiedUser(server)).token;
    const key = await server.api('POST', '/api/api-keys', {
      token,
      body: { keyName: 'Fixes', provider: 'CLAUDE', apiKey: KEY },
    });
    expect(key.status).toBe(201);
    await page.goto(server.url);
    await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
    await providers?.close();
  });

  const headingOfSite = async (url: string) => {
    const visitor = await context.newPage();
    try {
      await visitor.goto(url);
      const heading = visitor.getByRole('heading', { level: 1 });
      await expect.poll(() => heading.isVisible()).toBe(true);
      return await heading.textContent();
    } finally {
      await visitor.close();
    }
  };

  it('proposes a fix of a failed build as a diff and deploys it only on the click', async () => {
    const subdomain = uniqueSubdomain('fix-ai');
    const first = await deployCode(server, token, subdomain, broken);
    expect(first.status).toBe(201);
    const failed = await waitForDeployment(server, token, first.body.deployment.id);
    expect(failed.status).toBe('FAILED');
    const siteId = first.body.site.id;

    // The site's history offers it on the failed version too.
    await page.goto(`${server.url}/sites/${siteId}`);
    const fromHistory = page.getByRole('button', { name: 'Fix version 1 with AI' });
    await expect.poll(() => fromHistory.isVisible()).toBe(true);

    await page.goto(`${server.url}/deployments/${failed.id}`);
    await expect.poll(() => page.getByText('Error Details').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Fix version 1 with AI' }).click();

    const dialog = page.getByRole('dialog');
    await expect
      .poll(() =>
        dialog.getByText('The array on line 2 was missing its closing bracket.').isVisible(),
      )
      .toBe(true);
    // The diff: the broken line removed, the fixed one added, at their line numbers.
    const removed = dialog.locator('tr[data-diff="removed"]');
    const added = dialog.locator('tr[data-diff="added"]');
    expect(await removed.count()).toBe(1);
    expect(await added.count()).toBe(1);
    expect(await removed.textContent()).toContain('const items = [1, 2;');
    expect(await added.textContent()).toContain('const items = [1, 2];');
    expect(await dialog.getByText(/^App\.[jt]sx$/).isVisible()).toBe(true);
    expect(
      await dialog
        .getByText(/counted against the site's daily AI limit: 1 of 500 used today/)
        .isVisible(),
    ).toBe(true);
    expect(await dialog.getByText(/Answered by Claude \(Anthropic\)/).isVisible()).toBe(true);
    await screenshotScreen(page, 'fix-with-ai-proposal');

    // Shown, not deployed: the site still has its one failed version.
    const listed = await server.api('GET', `/api/sites/${siteId}/deployments`, { token });
    expect(listed.body.deployments).toHaveLength(1);

    await dialog.getByRole('button', { name: 'Deploy this fix' }).click();
    await expect.poll(() => page.url()).not.toBe(`${server.url}/deployments/${failed.id}`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Deployed Successfully' }).isVisible())
      .toBe(true);
    expect(await page.getByText('Deployment · version 2').isVisible()).toBe(true);
    expect(await headingOfSite(first.body.site.url)).toBe('Fixed with AI: 2 items');
    await screenshotScreen(page, 'fix-with-ai-deployed');
    expect(providers.calls).toHaveLength(1);
  });

  it("offers the fix in the editor's error box after an edit that does not build", async () => {
    const subdomain = uniqueSubdomain('fix-ai-editor');
    const first = await deployCode(
      server,
      token,
      subdomain,
      'export default function App() {\n  return <h1>Before</h1>;\n}\n',
    );
    expect((await waitForDeployment(server, token, first.body.deployment.id)).status).toBe(
      'SUCCESS',
    );
    await page.goto(`${server.url}/sites/${first.body.site.id}/edit`);
    const editor = page.locator('.cm-content');
    await expect.poll(() => editor.textContent()).toContain('Before');
    await editor.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(broken);
    await page.getByRole('button', { name: 'Deploy' }).click();
    await expect.poll(() => page.getByText(/Version 2 did not build/).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Fix version 2 with AI' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.locator('tr[data-diff="added"]').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Deploy this fix' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Deployed Successfully' }).isVisible())
      .toBe(true);
    expect(await page.getByText('Deployment · version 3').isVisible()).toBe(true);
    expect(await headingOfSite(first.body.site.url)).toBe('Fixed with AI: 2 items');
  });

  it('discards a proposal without deploying, and points a person without a key to API keys', async () => {
    const subdomain = uniqueSubdomain('fix-ai-discard');
    const first = await deployCode(server, token, subdomain, broken);
    const failed = await waitForDeployment(server, token, first.body.deployment.id);
    expect(failed.status).toBe('FAILED');
    await page.goto(`${server.url}/deployments/${failed.id}`);
    await page.getByRole('button', { name: 'Fix version 1 with AI' }).click();
    const dialog = page.getByRole('dialog');
    await expect
      .poll(() => dialog.getByRole('button', { name: 'Deploy this fix' }).isVisible())
      .toBe(true);
    await dialog.getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const listed = await server.api('GET', `/api/sites/${first.body.site.id}/deployments`, {
      token,
    });
    expect(listed.body.deployments).toHaveLength(1);

    const keyless = (await registerVerifiedUser(server)).token;
    const theirs = await deployCode(server, keyless, uniqueSubdomain('fix-ai-nokey'), broken);
    const theirFailure = await waitForDeployment(server, keyless, theirs.body.deployment.id);
    const other = await context.browser()!.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const theirPage = await other.newPage();
      await theirPage.goto(server.url);
      await theirPage.evaluate((t) => localStorage.setItem('auth_token', t), keyless);
      await theirPage.goto(`${server.url}/deployments/${theirFailure.id}`);
      const hint = theirPage.getByRole('link', { name: 'API keys', exact: true });
      await expect.poll(() => hint.isVisible()).toBe(true);
      expect(await hint.getAttribute('href')).toBe('/api-keys');
      expect(await theirPage.getByRole('button', { name: /Fix .* with AI/ }).count()).toBe(0);
      await screenshotScreen(theirPage, 'fix-with-ai-no-key');
    } finally {
      await other.close();
    }
  });
});
