import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotScreen } from '../test/browser';
import { GITHUB_APP, startFakeGitHub, type FakeGitHub } from '../test/oauth-providers';
import { htmlArtifact, uniqueSubdomain } from '../test/deploy';
import {
  registerUserOnPlan,
  registerVerifiedUser,
  startTestServer,
  type TestServer,
} from '../test/server';
import { startTestSmtp, type TestSmtp } from '../test/smtp';

const PASSWORD = 'correct horse battery';

/** The first link to `path` in an e-mail's text, as a person would click it. */
const linkIn = (text: string | undefined, path: string) => {
  const match = new RegExp(`http://\\S+${path}[\\w%?=/-]+`).exec(text ?? '');
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return match[0];
};

// A team from the owner's first click to a second person joining through the e-mailed link,
// signed out, and the owner running the team afterwards. E-mails go to a local SMTP server.
describe('team pages in the browser', () => {
  let server: TestServer;
  let smtp: TestSmtp;
  let github: FakeGitHub;
  let browser: Browser;
  let ownerContext: BrowserContext;
  let inviteeContext: BrowserContext;
  let owner: Page;
  let invitee: Page;
  const inviteeEmail = `nia-${Date.now()}@example.com`;
  let invitationLink = '';
  let teamPath = '';
  let ownerToken = '';

  beforeAll(async () => {
    smtp = await startTestSmtp();
    github = await startFakeGitHub();
    server = await startTestServer('sqlite', {
      SMTP_URL: smtp.url,
      GITHUB_CLIENT_ID: GITHUB_APP.clientId,
      GITHUB_CLIENT_SECRET: GITHUB_APP.clientSecret,
      ...github.env,
    });
    browser = await launchBrowser();
    const pro = await registerUserOnPlan(server, 'PRO', { smtp });
    ownerToken = pro.token;
    ownerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    owner = await ownerContext.newPage();
    await owner.goto(`${server.url}/`);
    await owner.evaluate((t) => localStorage.setItem('auth_token', t), pro.token);
    inviteeContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    invitee = await inviteeContext.newPage();
  });
  afterAll(async () => {
    await ownerContext?.close();
    await inviteeContext?.close();
    await browser?.close();
    await server?.close();
    await smtp?.close();
    await github?.close();
  });

  const sees = (page: Page, text: string | RegExp) =>
    expect.poll(() => page.getByText(text).first().isVisible()).toBe(true);
  // The app's links name APP_ORIGIN; the test's browser dials this very server.
  const ours = (url: string) => {
    const u = new URL(url);
    return `${server.url}${u.pathname}${u.search}`;
  };

  it('creates a team from the Teams screen and invites someone by e-mail', async () => {
    await owner.goto(`${server.url}/dashboard`);
    await owner.getByRole('link', { name: 'Teams' }).first().click();
    await owner.waitForURL('**/teams');
    await sees(owner, 'You are not in a team yet.');
    await owner.getByRole('button', { name: 'Create team' }).click();
    await owner.getByLabel('Team name').fill('Lighthouse');
    await owner.getByRole('button', { name: 'Create', exact: true }).click();
    await owner.waitForURL(/\/teams\/[^/]+$/);
    teamPath = new URL(owner.url()).pathname;
    await sees(owner, 'Lighthouse');

    const form = owner.getByRole('form', { name: 'Invite someone' });
    await form.getByLabel('E-mail address').fill(inviteeEmail);
    await form.getByLabel('Role').selectOption('member');
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await sees(owner, `Invitation sent to ${inviteeEmail}.`);
    const pending = owner.getByRole('region', { name: 'Pending invitations' });
    await expect.poll(() => pending.textContent()).toContain(inviteeEmail);

    const mail = await smtp.waitForMail(inviteeEmail);
    expect(mail.text).toContain('Lighthouse');
    invitationLink = ours(linkIn(mail.text, '/invitations/'));
  });

  it('lets the invited person sign up through the link, confirm, accept and land on the team', async () => {
    await invitee.goto(invitationLink);
    await sees(invitee, 'Join Lighthouse');
    await sees(invitee, inviteeEmail);
    await screenshotScreen(invitee, 'invitation-signed-out');
    await invitee.getByRole('button', { name: 'Create account' }).click();
    await invitee.waitForURL('**/auth?**');
    // The sign-up form starts with the invited address.
    expect(await invitee.getByLabel('Email address').inputValue()).toBe(inviteeEmail);
    await invitee.getByLabel('Full name').fill('Nia Newcomer');
    await invitee.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await invitee.getByRole('button', { name: 'Create Account' }).click();

    // Back on the invitation, which waits for the address to be confirmed.
    await invitee.waitForURL('**/invitations/**');
    await sees(invitee, 'Confirm your e-mail address to join.');
    expect(await invitee.getByRole('button', { name: 'Accept invitation' }).count()).toBe(0);
    await screenshotScreen(invitee, 'invitation-confirm-first');
    const confirm = await smtp.waitForMail(inviteeEmail, 1);
    await invitee.goto(ours(linkIn(confirm.text, '/verify-email')));
    await sees(invitee, 'Your e-mail address is confirmed.');
    await invitee.getByRole('link', { name: 'Continue' }).click();
    await invitee.waitForURL('**/invitations/**');
    await screenshotScreen(invitee, 'invitation-signed-in');
    await invitee.getByRole('button', { name: 'Accept invitation' }).click();
    await sees(invitee, 'You joined Lighthouse');
    await invitee.waitForURL(`**${teamPath}`);
    await sees(invitee, 'Nia Newcomer');

    // The link is used now: it says so in plain words.
    await invitee.goto(invitationLink);
    await sees(invitee, 'This invitation has already been used.');
  });
  it('lets the owner change a role, re-send and revoke an invitation, live on the member’s screen', async () => {
    await invitee.goto(`${server.url}${teamPath}`);
    const inviteeMain = invitee.locator('main');
    await expect.poll(() => inviteeMain.textContent()).toContain('you are member');
    await owner.reload();
    const nia = owner.getByRole('listitem', { name: 'Nia Newcomer' });
    await expect.poll(() => nia.isVisible()).toBe(true);
    await owner.getByLabel('Role of Nia Newcomer').selectOption('viewer');
    await sees(owner, 'Nia Newcomer is now viewer');
    const activity = owner.getByRole('region', { name: 'Activity' });
    await expect.poll(() => activity.textContent()).toContain('made Nia Newcomer viewer');
    // The member's open page follows without a reload.
    await expect.poll(() => inviteeMain.textContent()).toContain('you are viewer');
    expect(await invitee.getByRole('form', { name: 'Invite someone' }).count()).toBe(0);
    await screenshotScreen(invitee, 'team-page-viewer');

    const form = owner.getByRole('form', { name: 'Invite someone' });
    await form.getByLabel('E-mail address').fill('ola@example.com');
    await form.getByRole('button', { name: 'Send invitation' }).click();
    const pending = owner.getByRole('region', { name: 'Pending invitations' });
    const ola = pending.getByRole('listitem', { name: 'ola@example.com' });
    await expect.poll(() => ola.isVisible()).toBe(true);
    await expect
      .poll(() => owner.getByRole('button', { name: 'Copy invite link' }).isVisible())
      .toBe(true);
    await screenshotScreen(owner, 'team-page-owner');
    // Opened by someone signed in with another address: it says whose it is.
    const olaMail = await smtp.waitForMail('ola@example.com');
    await owner.goto(ours(linkIn(olaMail.text, '/invitations/')));
    await sees(owner, /This invitation is for ola@example.com, and you are signed in as/);
    expect(await owner.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true);
    expect(await owner.getByRole('button', { name: 'Accept invitation' }).count()).toBe(0);
    await owner.goto(`${server.url}${teamPath}`);
    await ola.getByRole('button', { name: 'Re-send' }).click();
    await sees(owner, 'A new link was sent to ola@example.com; the old one no longer works.');
    await smtp.waitForMail('ola@example.com', 1);
    await ola.getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(() => ola.count()).toBe(0);
    await expect
      .poll(() => activity.textContent())
      .toContain('revoked the invitation of ola@example.com');
    await invitee.goto(ours(linkIn(olaMail.text, '/invitations/')));
    await sees(invitee, 'This invitation was revoked. Ask for a new one.');
    await invitee.goto(`${server.url}${teamPath}`);
    await expect.poll(() => inviteeMain.textContent()).toContain('you are viewer');
  });

  it('tells a member removed while looking that they are no longer in the team', async () => {
    await owner
      .getByRole('listitem', { name: 'Nia Newcomer' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await owner.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await sees(owner, 'Nia Newcomer was removed from Lighthouse');
    await sees(invitee, 'You are no longer a member of Lighthouse');
    await owner.goto(`${server.url}/teams`);
    await sees(owner, 'Owner');
    await screenshotScreen(owner, 'teams-list');
    // A Free account may be in teams but not create one: it is told why, with the plans.
    await invitee.goto(`${server.url}/teams`);
    await sees(invitee, 'Creating a team is part of the Pro plan');
    expect(await invitee.getByRole('button', { name: 'Create team' }).count()).toBe(0);
    expect(await invitee.getByRole('link', { name: 'See plans' }).isVisible()).toBe(true);
  });
  it('brings someone who signs in with GitHub from the link back to it', async () => {
    const email = `octo-${Date.now()}@example.com`;
    github.person = {
      id: 5150,
      login: 'octo-invited',
      name: 'Octo Invited',
      emails: [{ email, primary: true, verified: true }],
    };
    const teamId = teamPath.split('/').pop()!;
    const sent = await server.api('POST', `/api/teams/${teamId}/invitations`, {
      token: ownerToken,
      body: { email, role: 'viewer' },
    });
    expect(sent.status).toBe(201);
    const mail = await smtp.waitForMail(email);
    // The providers return to APP_ORIGIN: the whole journey happens there, as the mail says.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    try {
      await page.goto(linkIn(mail.text, '/invitations/'));
      await sees(page, 'Join Lighthouse');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL('**/auth?**');
      await page.getByRole('link', { name: 'GitHub' }).click();
      await page.waitForURL('**/invitations/**');
      await page.getByRole('button', { name: 'Accept invitation' }).click();
      await sees(page, 'You joined Lighthouse');
      await page.waitForURL(`**${teamPath}`);
      await expect.poll(() => page.locator('main').textContent()).toContain('you are viewer');
    } finally {
      await context.close();
    }
  });

  it('transfers the team to an admin, who deletes it keeping its sites', async () => {
    const heir = await registerVerifiedUser(server, { name: 'Hal Heir' }, { smtp });
    const teamId = teamPath.split('/').pop()!;
    const sent = await server.api('POST', `/api/teams/${teamId}/invitations`, {
      token: ownerToken,
      body: { email: heir.user.email, role: 'admin' },
    });
    const accepted = await server.api(
      'POST',
      `/api/invitations/${sent.body.invitation.url.split('/').pop()}/accept`,
      { token: heir.token },
    );
    expect(accepted.status).toBe(200);
    const sub = uniqueSubdomain('kept');
    const site = await server.api('POST', '/api/deployments/deploy/code', {
      token: ownerToken,
      body: { subdomain: sub, code: htmlArtifact(sub), teamId },
    });
    expect(site.status).toBe(201);

    await owner.goto(`${server.url}${teamPath}`);
    await owner.getByRole('button', { name: 'Transfer ownership' }).click();
    const transfer = owner.getByRole('dialog', { name: 'Transfer ownership' });
    await transfer.getByLabel('New owner').selectOption(heir.user.id);
    await transfer.getByRole('button', { name: 'Transfer' }).click();
    await sees(owner, 'Hal Heir now owns Lighthouse');
    const ownerMain = owner.locator('main');
    await expect.poll(() => ownerMain.textContent()).toContain('you are admin');
    expect(await owner.getByRole('button', { name: 'Delete team' }).count()).toBe(0);
    expect(await owner.getByRole('button', { name: 'Leave team' }).isVisible()).toBe(true);

    await invitee.evaluate((t) => localStorage.setItem('auth_token', t), heir.token);
    await invitee.goto(`${server.url}${teamPath}`);
    await invitee.getByRole('button', { name: 'Delete team' }).click();
    const dialog = invitee.getByRole('dialog', { name: 'Delete Lighthouse?' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await screenshotScreen(invitee, 'team-delete-dialog');
    await dialog.getByLabel('Move the sites to my account').check();
    await dialog.getByRole('button', { name: 'Delete team' }).click();
    await sees(invitee, 'Lighthouse was deleted');
    await invitee.waitForURL('**/teams');
    // The former owner's open page loses the team at once.
    await sees(owner, 'You are no longer a member of Lighthouse');
    const kept = await server.api('GET', `/api/sites/${site.body.site.id}`, { token: heir.token });
    expect(kept.status).toBe(200);
  });
});
