import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotScreen } from '../test/browser';
import {
  registerUser,
  registerVerifiedUser,
  startTestServer,
  type TestServer,
} from '../test/server';
import { startTestSmtp, type TestSmtp } from '../test/smtp';
import { waitUntil } from '../test/wait';

// Support that reaches someone: a visitor's contact form becomes a ticket in the support
// inbox and on the operators' desk; a signed-in person's chat is answered live from /admin,
// and an answer sent after they left arrives by e-mail with a link that opens the chat.
const OPERATOR = 'desk-operator@example.com';
const SUPPORT_INBOX = 'support-inbox@example.com';
/** A 1×1 PNG: the smallest real screenshot. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('support in the browser', () => {
  let server: TestServer;
  let smtp: TestSmtp;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let ops: Page;

  const open = async (token?: string, origin = server.url) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    contexts.push(context);
    const page = await context.newPage();
    if (token) {
      await page.goto(origin);
      await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
    }
    return page;
  };
  const visible = (page: Page, text: string | RegExp) =>
    expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 20_000 }).toBe(true);

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer('sqlite', {
      ADMIN_EMAILS: OPERATOR,
      SMTP_URL: smtp.url,
      SUPPORT_EMAIL: SUPPORT_INBOX,
    });
    browser = await launchBrowser();
    ops = await open((await registerVerifiedUser(server, { email: OPERATOR }, { smtp })).token);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.close();
    await smtp?.close();
  });

  it('takes a contact-form message to the support inbox, the sender and the operators', async () => {
    const visitor = await open();
    await visitor.goto(`${server.url}/contact`);
    await visitor.getByLabel('Name').fill('Rae Reader');
    await visitor.getByLabel('Email').fill('rae@example.com');
    await visitor.getByLabel('Inquiry type').selectOption('billing');
    await visitor.getByLabel('Subject').fill('Invoice question');
    await visitor.getByLabel('Message').fill('Can I get a copy of last month’s invoice?');
    await visitor.getByRole('button', { name: 'Send Message' }).click();
    await visible(visitor, 'Message Sent!');
    const reference = (await visitor.getByTestId('reference').innerText()).trim();
    expect(reference).toMatch(/^S-[0-9A-Z]{8}$/);
    await screenshotScreen(visitor, 'support-contact-sent');

    const inbox = await smtp.waitForMail(SUPPORT_INBOX);
    expect(inbox.subject).toContain(reference);
    expect(inbox.text).toContain('Can I get a copy of last month’s invoice?');
    const ack = await smtp.waitForMail('rae@example.com');
    expect(ack.text).toContain(reference);

    await ops.goto(`${server.url}/admin?tab=support`);
    const line = ops.locator('[data-conversation]').filter({ hasText: 'rae@example.com' });
    await expect.poll(() => line.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await line.innerText()).toContain(reference);
    expect(await line.innerText()).toContain('1 unread');
    await line.click();
    await visible(ops, 'Invoice question');
    // Opened is read: the list's unread count goes.
    await expect.poll(() => line.innerText(), { timeout: 20_000 }).not.toContain('unread');
    await visible(ops, 'Your answer is e-mailed to rae@example.com.');
    await screenshotScreen(ops, 'support-desk-ticket');
  });

  it('says when to expect an answer outside the stated hours', async () => {
    const { token } = await registerUser(server);
    const page = await open(token);
    // Saturday noon in California: the chat is not staffed until Monday 9 AM Pacific.
    await page.clock.setFixedTime(new Date('2026-11-28T20:00:00Z'));
    await page.goto(`${server.url}/settings`);
    await page.getByRole('button', { name: 'Support chat' }).click();
    const notice = page.getByTestId('support-away');
    await expect.poll(() => notice.isVisible(), { timeout: 20_000 }).toBe(true);
    const text = await notice.innerText();
    expect(text).toContain('9 AM to 6 PM Pacific time, Monday to Friday');
    expect(text).toContain('Monday');
    await screenshotScreen(page, 'support-chat-away');
  });

  it('answers a signed-in person live from /admin, and by e-mail once they have left', async () => {
    const { token, user } = await registerUser(server, { name: 'Sam' });
    const sam = await open(token);
    await sam.goto(`${server.url}/dashboard`);
    await sam.getByRole('button', { name: 'Support chat' }).click();
    const chat = sam.getByRole('dialog', { name: 'Support chat' });
    await expect.poll(() => chat.getByText('a person on our team').isVisible()).toBe(true);
    // A screenshot goes with the message, and both sides see it inline.
    await chat.locator('input[type=file]').setInputFiles({
      name: 'blank-page.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await expect.poll(() => chat.getByText('blank-page.png').isVisible()).toBe(true);
    await chat
      .getByLabel('Message', { exact: true })
      .fill('My site shows a blank page after deploying.');
    await chat.getByRole('button', { name: 'Send', exact: true }).click();
    await expect
      .poll(() => chat.getByText('My site shows a blank page after deploying.').isVisible())
      .toBe(true);

    // The operator's open desk lists the new conversation without a reload.
    await ops.goto(`${server.url}/admin?tab=support`);
    const line = ops.locator('[data-conversation]').filter({ hasText: user.email });
    await expect.poll(() => line.isVisible(), { timeout: 20_000 }).toBe(true);
    await line.click();
    await visible(ops, 'My site shows a blank page after deploying.');
    await expect
      .poll(() => ops.getByRole('img', { name: 'Screenshot' }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    await ops
      .getByLabel('Message', { exact: true })
      .fill('Open the site page and press Redeploy: it is fixed now.');
    await ops.getByRole('button', { name: 'Send', exact: true }).click();

    // Sam's open page shows the answer at once, no reload.
    await expect
      .poll(() => chat.getByText('press Redeploy: it is fixed now').isVisible(), {
        timeout: 20_000,
      })
      .toBe(true);
    expect(await chat.getByRole('img', { name: 'Screenshot' }).isVisible()).toBe(true);
    await screenshotScreen(sam, 'support-chat-answered');
    await screenshotScreen(ops, 'support-desk-chat');

    // Sam leaves; the next answer reaches him by e-mail, with a link that opens the chat.
    await sam.context().close();
    const before = smtp.messages.length;
    await ops
      .getByLabel('Message', { exact: true })
      .fill('One more thing: your custom domain is verified too.');
    await ops.getByRole('button', { name: 'Send', exact: true }).click();
    const mail = await waitUntil(
      () =>
        smtp.messages
          .slice(before)
          .find(
            (m) =>
              m.subject?.startsWith('Support answered') &&
              [m.to ?? []].flat().some((a) => a.text.includes(user.email)),
          ),
      { what: 'the answer e-mailed to Sam', timeoutMs: 45_000 },
    );
    expect(mail.text).toContain('your custom domain is verified too');
    const link = /(http\S+\/dashboard\?support=open)/.exec(mail.text ?? '')?.[1];
    expect(link).toBeDefined();

    // Signed in where the link points (the app's own origin), as Sam's browser would be.
    const back = await open(token, new URL(link!).origin);
    await back.goto(link!);
    const reopened = back.getByRole('dialog', { name: 'Support chat' });
    await expect
      .poll(() => reopened.getByText('your custom domain is verified too').isVisible(), {
        timeout: 20_000,
      })
      .toBe(true);
    expect(await reopened.locator('[data-from]').count()).toBe(3);
  });
});
