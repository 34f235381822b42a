import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProviders, type FakeProviders } from '../test/ai-providers';
import { launchBrowser, screenshotScreen } from '../test/browser';
import { deployCode, htmlArtifact, uniqueSubdomain, waitForDeployment } from '../test/deploy';
import { registerVerifiedUser, startTestServer, type TestServer } from '../test/server';

// The API Keys screens and a site's AI features card, clicked through in Chromium against a
// real server whose Anthropic client talks to a local server speaking Anthropic's wire format.
const GOOD_KEY = 'sk-ant-screens-test-key-7Qa1';
const BAD_KEY = 'sk-ant-refused-key-9999';

describe('API keys in the browser', () => {
  let providers: FakeProviders;
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    providers = await startFakeProviders();
    providers.validKeys.add(GOOD_KEY);
    server = await startTestServer('sqlite', providers.env);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await providers?.close();
  });

  const fresh = async (token?: string) => {
    await context?.close();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    if (token) {
      await page.goto(server.url);
      await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
    }
    return page;
  };
  const visible = (text: string | RegExp) =>
    expect.poll(() => page.getByText(text).first().isVisible()).toBe(true);
  const row = (name: string) => page.getByRole('row').filter({ hasText: name });
  const dialog = (name: string) => page.getByRole('dialog', { name });
  const mainText = async () => (await page.locator('main').textContent()) ?? '';

  it('asks a visitor with no session to sign in, on the page and in the Settings tab', async () => {
    await fresh();
    await page.goto(`${server.url}/api-keys`);
    await visible('Please sign in to manage API keys');
    expect(await page.getByRole('button', { name: 'Add API Key' }).count()).toBe(0);
    await screenshotScreen(page, 'api-keys-signed-out');

    // Billing & Plans is the default tab, for visitors too (the Pricing link leads there).
    await page.goto(`${server.url}/settings?tab=api-keys`);
    await visible('Please log in to manage API keys');
    expect((await page.getByRole('tab').allTextContents()).map((t) => t.trim())).toEqual([
      'Profile',
      'Billing & Plans',
      'API Keys',
      'Access Tokens',
      'Security',
      'Notifications',
    ]);
    // The panel's own link (the top bar has a Sign In link for visitors as well).
    await page.locator('main').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
  });

  it('adds, tests, edits and deletes a key, never showing it again', async () => {
    const { token } = await registerVerifiedUser(server);
    await fresh(token);
    await page.goto(`${server.url}/api-keys`);
    await visible('No API keys yet');
    await visible('Keys are stored encrypted.');
    await screenshotScreen(page, 'api-keys-empty');

    // the form's rules: a name and, when adding, a key; Claude unless chosen otherwise
    await page.getByRole('button', { name: 'Add API Key' }).click();
    const add = dialog('Add API Key');
    await expect.poll(() => add.isVisible()).toBe(true);
    expect(await add.getByLabel('Provider').inputValue()).toBe('CLAUDE');
    await add.getByRole('button', { name: 'Add Key' }).click();
    await visible('Key name is required');
    await visible('API key is required');

    await add.getByLabel('Key name').fill('My Claude key');
    const keyField = add.getByLabel('API key', { exact: true });
    await keyField.fill(GOOD_KEY);
    expect(await keyField.getAttribute('type')).toBe('password');
    await add.getByRole('button', { name: 'Show API key' }).click();
    expect(await keyField.getAttribute('type')).toBe('text');
    await screenshotScreen(page, 'api-keys-add-dialog');
    await add.getByRole('button', { name: 'Add Key' }).click();
    await expect.poll(() => add.isVisible()).toBe(false);

    await expect.poll(() => row('My Claude key').textContent()).toContain('…7Qa1');
    const text = (await row('My Claude key').textContent()) ?? '';
    expect(text).toContain('Claude (Anthropic)');
    expect(text).toContain('Active');
    expect(text).toContain('Never');
    expect(await page.content()).not.toContain(GOOD_KEY);

    // the test reaches the provider with the stored key and says which model answered
    await page.getByRole('button', { name: 'Test My Claude key' }).click();
    await visible(/My Claude key is valid \(model: .+\)\./);
    expect(providers.calls.at(-1)?.key).toBe(GOOD_KEY);
    await screenshotScreen(page, 'api-keys');

    // a second Claude key asks which one answers; picking the new one switches the first off
    await page.getByRole('button', { name: 'Add API Key' }).click();
    await add.getByLabel('Key name').fill('Old key');
    await add.getByLabel('API key', { exact: true }).fill(BAD_KEY);
    await visible('Which Claude (Anthropic) key should answer your sites?');
    expect(await add.getByRole('radio', { name: /Keep My Claude key/ }).isChecked()).toBe(true);
    await add.getByRole('radio', { name: /Use the new key/ }).check();
    await screenshotScreen(page, 'api-keys-add-which');
    await add.getByRole('button', { name: 'Add Key' }).click();
    await expect.poll(() => row('Old key').textContent()).toContain('…9999');
    await expect.poll(() => row('My Claude key').textContent()).toContain('Inactive');
    await page.getByRole('button', { name: 'Test Old key' }).click();
    await visible(/Old key is invalid: .+/);
    await screenshotScreen(page, 'api-keys-invalid');

    // switching the first back on switches the other off
    await page.getByRole('switch', { name: 'My Claude key active' }).click();
    await expect.poll(() => row('Old key').textContent()).toContain('Inactive');
    expect(await row('My Claude key').textContent()).toMatch(/(^|[^n])Active/);

    // renaming with a blank key keeps the key
    await page.getByRole('button', { name: 'Edit My Claude key' }).click();
    const edit = dialog('Edit API Key');
    await expect.poll(() => edit.isVisible()).toBe(true);
    expect(await edit.getByLabel('Provider').isDisabled()).toBe(true);
    await visible('Leave blank to keep the current key.');
    expect(await edit.getByLabel('API key', { exact: true }).inputValue()).toBe('');
    await edit.getByLabel('Key name').fill('Renamed key');
    await screenshotScreen(page, 'api-keys-edit-dialog');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => edit.isVisible()).toBe(false);
    await expect.poll(() => row('Renamed key').textContent()).toContain('…7Qa1');
    const calls = providers.calls.length;
    await page.getByRole('button', { name: 'Test Renamed key' }).click();
    await visible(/Renamed key is valid/);
    expect(providers.calls.length).toBe(calls + 1);
    expect(providers.calls.at(-1)?.key).toBe(GOOD_KEY);

    // deleting asks first, in the page's own words; an inactive key asks nothing more
    await page.getByRole('button', { name: 'Delete Old key' }).click();
    const confirm = dialog('Delete Old key?');
    await expect.poll(() => confirm.isVisible()).toBe(true);
    expect(await confirm.textContent()).toContain('Are you sure you want to delete this API key?');
    expect(await confirm.getByRole('radio').count()).toBe(0);
    await screenshotScreen(page, 'api-keys-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete key' }).click();
    await expect.poll(() => row('Old key').count()).toBe(0);
    expect(await row('Renamed key').count()).toBe(1);

    // the Settings tab is the same list
    await page.goto(`${server.url}/settings`);
    await page.getByRole('tab', { name: 'API Keys' }).click();
    const tab = page.getByRole('tab', { name: 'API Keys' });
    await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => row('Renamed key').textContent()).toContain('…7Qa1');
    expect(await mainText()).not.toContain(GOOD_KEY);
    await screenshotScreen(page, 'settings-api-keys');
    await page.getByRole('button', { name: 'Dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
  });

  it('keeps a provider answering: adding asks which key, deleting the active one hands over', async () => {
    const { token } = await registerVerifiedUser(server);
    for (const [keyName, apiKey] of [
      ['Spare', 'sk-ant-spare-1111'],
      ['Backup', 'sk-ant-backup-2222'],
    ]) {
      const res = await server.api('POST', '/api/api-keys', { token, body: { keyName, apiKey } });
      expect(res.status).toBe(201);
    }
    await fresh(token);
    await page.goto(`${server.url}/api-keys`);
    await expect.poll(() => row('Backup').textContent()).toContain('Inactive');
    expect(await row('Spare').textContent()).toMatch(/(^|[^n])Active/);

    // kept unless the person picks the new key
    await page.getByRole('button', { name: 'Add API Key' }).click();
    const add = dialog('Add API Key');
    await add.getByLabel('Key name').fill('Newest');
    await add.getByLabel('API key', { exact: true }).fill('sk-ant-newest-3333');
    await add.getByRole('button', { name: 'Add Key' }).click();
    await expect.poll(() => row('Newest').textContent()).toContain('Inactive');
    expect(await row('Spare').textContent()).toMatch(/(^|[^n])Active/);

    // another provider's first key asks nothing: nothing answers for it yet
    await page.getByRole('button', { name: 'Add API Key' }).click();
    await add.getByLabel('Provider').selectOption('OPENAI');
    expect(await add.getByRole('radio').count()).toBe(0);
    await add.getByRole('button', { name: 'Cancel' }).click();

    // deleting the active key offers the others, newest first; the pick becomes active
    await page.getByRole('button', { name: 'Delete Spare' }).click();
    const confirm = dialog('Delete Spare?');
    await visible("Spare answers your sites' Claude (Anthropic) calls.");
    expect(await confirm.getByRole('radio', { name: /Newest/ }).isChecked()).toBe(true);
    await confirm.getByRole('radio', { name: /Backup/ }).check();
    await screenshotScreen(page, 'api-keys-delete-active');
    await confirm.getByRole('button', { name: 'Delete key' }).click();
    await visible("Backup now answers your sites' Claude (Anthropic) calls.");
    await expect.poll(() => row('Spare').count()).toBe(0);
    await expect.poll(() => row('Backup').textContent()).toMatch(/(^|[^n])Active/);
    expect(await row('Newest').textContent()).toContain('Inactive');
    const keys = (await server.api('GET', '/api/api-keys', { token })).body as {
      keyName: string;
      isActive: boolean;
    }[];
    expect(keys.filter((k) => k.isActive).map((k) => k.keyName)).toEqual(['Backup']);
  });

  it('shows every row whole, Delete included, at 1280 px and on a phone', async () => {
    const { token } = await registerVerifiedUser(server);
    const res = await server.api('POST', '/api/api-keys', {
      token,
      body: { keyName: 'A rather long production key name', apiKey: GOOD_KEY },
    });
    expect(res.status).toBe(201);
    // a key in use shows when it was last used: the widest row there is
    await server.ctx.db
      .updateTable('api_keys')
      .set({ last_used_at: '2026-11-20T18:45:12.000Z' })
      .where('id', '=', res.body.apiKey.id)
      .execute();
    await fresh(token);
    for (const [path, width, height] of [
      ['/api-keys', 1280, 800],
      ['/api-keys', 1024, 768],
      ['/settings?tab=api-keys', 1280, 800],
      ['/api-keys', 390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(`${server.url}${path}`);
      const button = page.getByRole('button', { name: 'Delete A rather long production key name' });
      await expect.poll(() => button.isVisible()).toBe(true);
      // inside the window and not clipped by the card: the point a person clicks is the button
      const box = (await button.boundingBox())!;
      expect(box.x + box.width, `${path} at ${width}px`).toBeLessThanOrEqual(width);
      const hit = await button.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return el === at || el.contains(at);
      });
      expect(hit, `${path} at ${width}px`).toBe(true);
    }
  });

  it("shows a site's AI card: who answers, today's calls, and limits that save", async () => {
    const { token } = await registerVerifiedUser(server);
    const subdomain = uniqueSubdomain('aicard');
    const res = await deployCode(server, token, subdomain, htmlArtifact(subdomain));
    expect(res.status).toBe(201);
    expect((await waitForDeployment(server, token, res.body.deployment.id)).status).toBe('SUCCESS');
    const siteId = res.body.site.id as string;

    await fresh(token);
    await page.goto(`${server.url}/sites/${siteId}`);
    await visible('No AI provider connected.');
    await page.getByRole('link', { name: 'Add an API key' }).click();
    await page.waitForURL((url) => url.pathname === '/api-keys');

    const added = await server.api('POST', '/api/api-keys', {
      token,
      body: { keyName: 'site key', apiKey: GOOD_KEY },
    });
    expect(added.status).toBe(201);
    await page.goto(`${server.url}/sites/${siteId}`);
    await visible('Answered by your Claude (Anthropic) key.');
    await visible('0 AI calls today');

    const perDay = page.getByLabel('Calls per day (whole site)');
    await perDay.fill('0');
    await page.getByRole('button', { name: 'Save AI settings' }).click();
    await visible('Enter a whole number from 1 to 100,000.');

    await perDay.fill('42');
    await page.getByLabel('Calls per visitor per minute').fill('3');
    await page.getByRole('switch', { name: 'AI calls from this site' }).click();
    await page.getByRole('button', { name: 'Save AI settings' }).click();
    await visible('AI settings saved');
    const stored = await server.api('GET', `/api/sites/${siteId}/ai`, { token });
    expect(stored.body.settings).toMatchObject({
      enabled: false,
      perDay: 42,
      perVisitorPerMinute: 3,
    });
    await page.reload();
    await expect.poll(() => page.getByLabel('Calls per day (whole site)').inputValue()).toBe('42');
    expect(
      await page
        .getByRole('switch', { name: 'AI calls from this site' })
        .getAttribute('aria-checked'),
    ).toBe('false');
    await screenshotScreen(page, 'site-detail-ai');
  });
});
