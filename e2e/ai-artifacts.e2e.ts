import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProviders, type FakeProviders } from '../test/ai-providers';
import { launchBrowser, screenshotScreen } from '../test/browser';
import { CORPUS_DIR } from '../test/builder-corpus';
import { deployCode, uniqueSubdomain, waitForDeployment } from '../test/deploy';
import { registerVerifiedUser, startTestServer, type TestServer } from '../test/server';

// Artifacts that ask the assistant keep working on their live site: window.claude.complete and
// a raw fetch to Anthropic's API both reach the owner's key (here, a local server speaking
// Anthropic's wire format), and a visitor sees why when they can't.

const STORY = path.join(CORPUS_DIR, '13-ai-story-helper.jsx');
const KEY = 'sk-ant-browser-test-key-0001';

const RAW_FETCH = `import { useState } from 'react';

export default function AskClaude() {
  const [answer, setAnswer] = useState('');
  const ask = async () => {
    const response = await fetch('https://api.anthropic.com/v1/messages', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        model: 'claude-sonnet-4-20250514',
        max_tokens: 1000,
        messages: [{ role: 'user', content: 'Name three moons of Jupiter.' }],
      }),
    });
    const data = await response.json();
    setAnswer(data.content[0].text);
  };
  return (
    <main className="p-8">
      <button className="rounded bg-orange-600 px-4 py-2 text-white" onClick={ask}>Ask Claude</button>
      <p data-testid="answer" className="mt-4 text-lg">{answer}</p>
    </main>
  );
}
`;

describe('AI artifacts on their live site in the browser', () => {
  let providers: FakeProviders;
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    providers = await startFakeProviders();
    providers.validKeys.add(KEY);
    server = await startTestServer('sqlite', providers.env);
    token = (await registerVerifiedUser(server)).token;
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await providers?.close();
  });

  const live = async (code: string) => {
    const subdomain = uniqueSubdomain('ai');
    const res = await deployCode(server, token, subdomain, code);
    expect(res.status).toBe(201);
    expect((await waitForDeployment(server, token, res.body.deployment.id)).status).toBe('SUCCESS');
    return {
      siteId: res.body.site.id as string,
      url: `http://${subdomain}.localhost:${server.port}/`,
    };
  };
  const notice = () => page.locator('#__site-ai-notice');
  /** The owner's key, stored once whichever test needs it first. */
  const storeKey = async () => {
    const stored = await server.api('GET', '/api/api-keys', { token });
    if ((stored.body as unknown[]).length > 0) return;
    const added = await server.api('POST', '/api/api-keys', {
      token,
      body: { keyName: 'browser', apiKey: KEY },
    });
    expect(added.status).toBe(201);
  };

  it('tells the visitor when the owner has no key, then answers once a key is stored', async () => {
    const site = await live(readFileSync(STORY, 'utf8'));
    await page.goto(site.url);
    await page.getByRole('button', { name: 'Write my story' }).click();
    // the artifact shows its own vague error; the page also says what is really wrong
    await expect.poll(() => notice().isVisible()).toBe(true);
    expect(await notice().innerText()).toContain(
      "This site's owner has not connected an AI provider yet.",
    );
    await expect
      .poll(() => page.getByText('The story fairy is busy right now').isVisible())
      .toBe(true);
    await screenshotScreen(page, 'site-ai-not-connected');
    await notice().getByRole('button', { name: 'Close' }).click();
    expect(await notice().count()).toBe(0);

    await storeKey();
    providers.reply = () =>
      JSON.stringify({
        title: 'Luna and the Quiet Lighthouse',
        story: 'Once upon a time, a little fox named Luna watched the sea go still.',
      });
    await page.reload();
    await page.getByRole('button', { name: 'Write my story' }).click();
    await expect.poll(() => page.getByText('Luna and the Quiet Lighthouse').isVisible()).toBe(true);
    expect(await page.getByText('a little fox named Luna').isVisible()).toBe(true);
    expect(await notice().count()).toBe(0);
    expect(providers.calls.at(-1)?.key).toBe(KEY);
    await screenshotScreen(page, 'site-ai-answered');

    // over the owner's per-visitor limit: the visitor reads why
    const callsBefore = providers.calls.length;
    await server.api('PUT', `/api/sites/${site.siteId}/ai`, {
      token,
      body: { perVisitorPerMinute: 1 },
    });
    const write = page.getByRole('button', { name: 'Write my story' });
    await write.click();
    await expect.poll(() => providers.calls.length).toBe(callsBefore + 1);
    await expect.poll(() => write.isEnabled()).toBe(true);
    await write.click();
    await expect.poll(() => notice().isVisible()).toBe(true);
    expect(await notice().innerText()).toContain("You can ask this site's AI 1 time a minute.");
    expect(providers.calls.length).toBe(callsBefore + 1);
  });

  it("answers an artifact's own fetch to api.anthropic.com in Anthropic's shape", async () => {
    providers.reply = () => 'Io, Europa and Ganymede.';
    await storeKey();
    const site = await live(RAW_FETCH);
    await page.goto(site.url);
    await page.getByRole('button', { name: 'Ask Claude' }).click();
    await expect
      .poll(() => page.getByTestId('answer').innerText())
      .toBe('Io, Europa and Ganymede.');
    expect(providers.calls.at(-1)?.body).toMatchObject({
      messages: [{ role: 'user', content: 'Name three moons of Jupiter.' }],
    });
  });
});
