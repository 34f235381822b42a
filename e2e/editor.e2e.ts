import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotScreen } from '../test/browser';
import { deployCode, uniqueSubdomain, uploadFile, waitForDeployment } from '../test/deploy';
import { registerUser, startTestServer, type TestServer } from '../test/server';
import { makeZip } from '../test/zip';

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

const component = (words: string) => `export default function App() {
  return <h1>${words}</h1>;
}
`;
// A mistake on line 2: esbuild stops at the semicolon inside the array.
const broken = `export default function App() {
  const items = [1, 2;
  return <h1>Broken</h1>;
}
`;

// Edit in the browser, as a person does it: open the editor from the site's page, change the
// code, deploy, see the live site change; make a mistake and see it at its line; reload
// without losing what was typed. All under the app's strict Content-Security-Policy.
describe('the source editor in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        (window.cspViolations ??= []).push(`${e.violatedDirective} ${e.blockedURI}`);
      });
    });
    page = await context.newPage();
    token = (await registerUser(server)).token;
    await page.goto(server.url);
    await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  const editor = () => page.locator('.cm-content');
  const replaceCode = async (code: string) => {
    await editor().click();
    await page.keyboard.press('ControlOrMeta+A');
    // Cleared first: Chromium replacing a selection of several lines in one step wraps the
    // new text in a span with a style attribute of its own, which the CSP blocks (harmless:
    // CodeMirror redraws the line from its state) and would be counted as a violation here.
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(code);
  };
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

  it('changes pasted code, deploys it live, shows a build error at its line and keeps unsaved edits over a reload', async () => {
    const subdomain = uniqueSubdomain('edited');
    const first = await deployCode(server, token, subdomain, component('Hello from version one'));
    expect(first.status).toBe(201);
    expect((await waitForDeployment(server, token, first.body.deployment.id)).status).toBe(
      'SUCCESS',
    );
    const siteUrl = first.body.site.url;

    await page.goto(`${server.url}/sites/${first.body.site.id}`);
    await page.getByRole('link', { name: 'Edit source' }).click();
    await expect.poll(() => page.url()).toBe(`${server.url}/sites/${first.body.site.id}/edit`);
    await expect.poll(() => editor().textContent()).toContain('Hello from version one');
    expect(await page.getByText('Version 1 (live)').isVisible()).toBe(true);

    // Typed, then the page reloaded: the edit is still there, still unsaved.
    await replaceCode(component('Hello from version two'));
    await expect.poll(() => page.getByText('1 unsaved change').isVisible()).toBe(true);
    await page.reload();
    await expect.poll(() => editor().textContent()).toContain('Hello from version two');
    expect(await page.getByText('1 unsaved change').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Deploy' }).click();
    await expect.poll(() => page.getByText('Version 2 is live.').isVisible()).toBe(true);
    expect(await headingOfSite(siteUrl)).toBe('Hello from version two');
    // The new version is the base now: nothing is left unsaved.
    await expect.poll(() => page.getByText('Version 2 (live)').isVisible()).toBe(true);
    expect(await page.getByText(/unsaved change/).count()).toBe(0);

    await replaceCode(broken);
    await page.getByRole('button', { name: 'Deploy' }).click();
    const failure = page.getByText(/Version 3 did not build \(line 2, column \d+\)/);
    await expect.poll(() => failure.isVisible()).toBe(true);
    // In the editor: a marker in the gutter, the mistake underlined on line 2, the cursor there.
    await expect.poll(() => page.locator('.cm-lint-marker-error').count()).toBe(1);
    const marked = page.locator('.cm-line', { has: page.locator('.cm-lintRange-error') });
    expect(await marked.textContent()).toBe('  const items = [1, 2;');
    expect(await page.locator('.cm-activeLine').textContent()).toBe('  const items = [1, 2;');
    // The failed edit stays in the editor to be fixed, and the live site is unchanged.
    expect(await page.getByText('1 unsaved change').isVisible()).toBe(true);
    expect(await headingOfSite(siteUrl)).toBe('Hello from version two');
    await screenshotScreen(page, 'editor-build-error');

    // Discarding goes back to the live version's text.
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await expect.poll(() => editor().textContent()).toContain('Hello from version two');
    expect(await page.getByText(/unsaved change/).count()).toBe(0);
    expect(await page.locator('.cm-lint-marker-error').count()).toBe(0);
    expect(await page.evaluate(() => window.cspViolations ?? [])).toEqual([]);
  });

  it('lists a zip file by file, edits one, and the rebuilt site shows it', async () => {
    const subdomain = uniqueSubdomain('zip-edit');
    const zip = makeZip({
      'index.html':
        '<!doctype html><html><head><link rel="stylesheet" href="css/site.css"></head><body><h1>Zip before</h1></body></html>',
      'css/site.css': 'h1 { color: teal; }',
      'logo.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]),
    });
    const up = await uploadFile(server, token, { name: 'site.zip', bytes: zip }, subdomain);
    expect(up.status).toBe(201);
    await waitForDeployment(server, token, up.body.deployment.id);

    await page.goto(`${server.url}/sites/${up.body.site.id}/edit`);
    const files = page.getByRole('navigation', { name: 'Files' });
    await expect.poll(() => files.isVisible()).toBe(true);
    // The binary file is listed, not offered for editing.
    expect(await files.getByRole('button').allTextContents()).toEqual(['site.css', 'index.html']);
    expect(await files.getByText('logo.png').isVisible()).toBe(true);
    expect(await files.getByText('css', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => editor().textContent()).toContain('Zip before');

    await files.getByRole('button', { name: 'site.css' }).click();
    await expect.poll(() => editor().textContent()).toBe('h1 { color: teal; }');
    await files.getByRole('button', { name: 'index.html' }).click();
    await expect.poll(() => editor().textContent()).toContain('Zip before');
    await replaceCode(
      '<!doctype html><html><head><link rel="stylesheet" href="css/site.css"></head><body><h1>Zip after</h1></body></html>',
    );
    await expect.poll(() => files.getByText('changed').isVisible()).toBe(true);
    await screenshotScreen(page, 'editor-zip');
    await page.getByRole('button', { name: 'Deploy' }).click();
    await expect.poll(() => page.getByText('Version 2 is live.').isVisible()).toBe(true);
    expect(await headingOfSite(up.body.site.url)).toBe('Zip after');
  });
  it('asks before replacing a version someone deployed meanwhile, and does either as chosen', async () => {
    const subdomain = uniqueSubdomain('newer');
    const first = await deployCode(server, token, subdomain, component('Mine to edit'));
    await waitForDeployment(server, token, first.body.deployment.id);
    const siteUrl = first.body.site.url;
    await page.goto(`${server.url}/sites/${first.body.site.id}/edit`);
    await expect.poll(() => editor().textContent()).toContain('Mine to edit');
    await replaceCode(component('My edit of version one'));

    // A teammate (here: the API) deploys version 2 while this editor still shows version 1.
    const theirs = await deployCode(server, token, subdomain, component('Their version two'));
    await waitForDeployment(server, token, theirs.body.deployment.id);

    await page.getByRole('button', { name: 'Deploy', exact: true }).click();
    const notice = page.getByRole('alert').filter({ hasText: 'Version 2 of this site went live' });
    await expect.poll(() => notice.isVisible()).toBe(true);
    await screenshotScreen(page, 'editor-newer-version');
    // Nothing was deployed: visitors still get version 2.
    expect(await headingOfSite(siteUrl)).toBe('Their version two');

    // Choosing the newer version drops the edit and opens version 2's text.
    await notice.getByRole('button', { name: 'Discard mine, open version 2' }).click();
    await expect.poll(() => editor().textContent()).toContain('Their version two');
    expect(await page.getByText('Version 2 (live)').isVisible()).toBe(true);
    expect(await notice.count()).toBe(0);

    // The same race again, this time deploying over it on purpose.
    await replaceCode(component('My edit of version two'));
    const third = await deployCode(server, token, subdomain, component('Their version three'));
    await waitForDeployment(server, token, third.body.deployment.id);
    await page.getByRole('button', { name: 'Deploy', exact: true }).click();
    const again = page.getByRole('alert').filter({ hasText: 'Version 3 of this site went live' });
    await expect.poll(() => again.isVisible()).toBe(true);
    await again.getByRole('button', { name: 'Deploy my changes anyway' }).click();
    await expect.poll(() => page.getByText('Version 4 is live.').isVisible()).toBe(true);
    expect(await headingOfSite(siteUrl)).toBe('My edit of version two');
    expect(await page.evaluate(() => window.cspViolations ?? [])).toEqual([]);
  });
});
