import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotScreen } from '../test/browser';
import { htmlArtifact } from '../test/deploy';
import { registerUserOnPlan, startTestServer, type TestServer } from '../test/server';
import { startTestSmtp, type TestSmtp } from '../test/smtp';

// Issue 27's journey: a Pro owner's team, a second person invited by e-mail who joins and
// deploys a team site, the owner watching it arrive live with the member's name on the
// version, then the member made a viewer: their open dashboard loses the deploy button at once.

describe('a team in the browser, from invitation to a viewer', () => {
  let smtp: TestSmtp;
  let server: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let owner: Page;
  let member: Page;
  const stamp = Date.now();
  const memberEmail = `mira-${stamp}@example.com`;
  const subdomain = `launch-${stamp}`;
  let ownerToken: string;
  let teamId: string;
  let memberId: string;
  let teamPath: string;

  async function signedInPage(token: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(server.url);
    await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
    return page;
  }
  /** The first link to `path` in an e-mail, dialled at this server (links name APP_ORIGIN). */
  const linkIn = (text: string | undefined, path: string) => {
    const match = new RegExp(`http://\\S+${path}[\\w%?=/-]+`).exec(text ?? '');
    if (!match) throw new Error(`no ${path} link in: ${text}`);
    const u = new URL(match[0]);
    return u.pathname + u.search;
  };
  const ours = (path: string) => `${server.url}${path}`;
  const shows = (page: Page, text: string | RegExp) =>
    expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 20_000 }).toBe(true);

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer('sqlite', { SMTP_URL: smtp.url });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.close();
    await smtp?.close();
  });

  it('invites a second person by e-mail, who signs up through the link and joins', async () => {
    const auth = await registerUserOnPlan(server, 'PRO', { smtp });
    ownerToken = auth.token;
    owner = await signedInPage(ownerToken);
    await owner.goto(`${server.url}/teams`);
    await owner.getByRole('button', { name: 'Create team' }).click();
    await owner.getByLabel('Team name').fill('Launch Crew');
    await owner.getByRole('button', { name: 'Create', exact: true }).click();
    await owner.waitForURL(/\/teams\/[^/]+$/);
    teamPath = new URL(owner.url()).pathname;
    teamId = teamPath.split('/').pop()!;
    const form = owner.getByRole('form', { name: 'Invite someone' });
    await form.getByLabel('E-mail address').fill(memberEmail);
    await form.getByLabel('Role').selectOption('member');
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await shows(owner, `Invitation sent to ${memberEmail}.`);

    // The link arrives at the invited address; the second person opens it, signed out.
    const mail = await smtp.waitForMail(memberEmail);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    contexts.push(context);
    member = await context.newPage();
    await member.goto(ours(linkIn(mail.text, '/invitations/')));
    await shows(member, 'Join Launch Crew');
    await member.getByRole('button', { name: 'Create account' }).click();
    await member.waitForURL('**/auth?**');
    await member.getByLabel('Full name').fill('Mira Member');
    await member.getByLabel('Password', { exact: true }).fill('a good long password');
    await member.getByRole('button', { name: 'Create Account' }).click();
    await member.waitForURL('**/invitations/**');
    const confirm = await smtp.waitForMail(memberEmail, 1);
    await member.goto(ours(linkIn(confirm.text, '/verify-email')));
    await shows(member, 'Your e-mail address is confirmed.');
    await member.getByRole('link', { name: 'Continue' }).click();
    await member.waitForURL('**/invitations/**');
    await member.getByRole('button', { name: 'Accept invitation' }).click();
    await shows(member, 'You joined Launch Crew');
    const team = await server.api('GET', `/api/teams/${teamId}`, { token: ownerToken });
    memberId = team.body.team.members.find((m: { name: string }) => m.name === 'Mira Member').id;
  });

  it("the member deploys into the team; the owner's team dashboard shows it live, by name", async () => {
    // The owner watches the team's space, open before the site exists.
    await owner.goto(`${server.url}/dashboard`);
    await owner.getByLabel('Space').selectOption({ label: 'Launch Crew' });
    await shows(owner, 'No team sites yet');

    await member.goto(`${server.url}/dashboard`);
    await member.getByLabel('Space').selectOption({ label: 'Launch Crew' });
    await shows(member, /your role: member/);
    await member.getByRole('link', { name: 'Deploy New Site' }).click();
    await member.waitForURL((url) => url.pathname === '/upload');
    // The dashboard's space is where a new site goes unless chosen otherwise.
    expect(
      await member.getByLabel('Where to').evaluate((s) => (s as HTMLSelectElement).value),
    ).toBe(teamId);
    await member.getByLabel('Your code').fill(htmlArtifact('launch day'));
    await member.getByLabel('Subdomain').fill(subdomain);
    await screenshotScreen(member, 'teams-deploy-where-to');
    await member.getByRole('button', { name: 'Deploy', exact: true }).click();
    await member.waitForURL(/\/deployments\//);

    // No reload on the owner's side: the team's room brings the site, then its ACTIVE status.
    const row = owner.getByRole('link', { name: subdomain }).first();
    await expect.poll(() => row.isVisible(), { timeout: 30_000 }).toBe(true);
    await shows(owner, /Active/i);
    await screenshotScreen(owner, 'teams-dashboard-team-space');
    await row.click();
    await owner.waitForURL(/\/sites\//);
    await shows(owner, 'by Mira Member');
    await shows(owner, 'Where it belongs');
    await screenshotScreen(owner, 'teams-site-page-authors');
  });

  it("makes the member a viewer: the member's open dashboard loses the deploy button at once", async () => {
    await member.goto(`${server.url}/dashboard`);
    const deployLink = member.getByRole('link', { name: 'Deploy New Site' });
    await expect.poll(() => deployLink.isVisible(), { timeout: 20_000 }).toBe(true);
    await shows(member, subdomain);
    await owner.goto(`${server.url}${teamPath}`);
    await owner.getByLabel('Role of Mira Member').selectOption('viewer');
    await shows(owner, 'Mira Member is now viewer');
    await expect.poll(() => deployLink.count(), { timeout: 20_000 }).toBe(0);
    await shows(member, /your role: viewer \(view only\)/);
    expect(await member.getByRole('button', { name: `Delete ${subdomain}` }).count()).toBe(0);
    await screenshotScreen(member, 'teams-dashboard-viewer');

    // Removed from the team: the open dashboard falls back to Personal at once.
    const removed = await server.api('DELETE', `/api/teams/${teamId}/members/${memberId}`, {
      token: ownerToken,
    });
    expect(removed.status).toBe(200);
    await shows(member, 'Your sites');
    expect(await member.getByLabel('Space').count()).toBe(0);
  });
});
