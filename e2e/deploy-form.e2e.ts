import type { FileChooser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotScreen } from '../test/browser';
import { deployCode, htmlArtifact } from '../test/deploy';
import { deployScreens } from '../test/deploy-screens';

// The deploy form on /upload in Debian's Chromium against a real server: its validation
// messages, the plan-limit dialog, the keyboard, and the AI Artifacts Support dialog.
describe('the deploy form', () => {
  const ui = deployScreens();
  const { freshVisitor, shows, deployButton, openUpload, register, signInWith } = ui;

  it('shows each validation message of the deploy form', async () => {
    await freshVisitor();
    await openUpload();
    // Nothing in the subdomain yet: the button says so by being disabled.
    expect(await deployButton().isDisabled()).toBe(true);

    // Spaces only enable the button; the trimmed check then explains.
    await ui.page.getByLabel('Subdomain').fill('   ');
    await ui.page.getByLabel('Your code').fill('  \n  ');
    expect(await deployButton().isEnabled()).toBe(true);
    await deployButton().click();
    await shows('Please enter a subdomain');
    await shows('Please enter some code to deploy');
    expect(await ui.page.getByLabel('Your code').getAttribute('aria-invalid')).toBe('true');
    expect(await ui.page.getByLabel('Subdomain').getAttribute('aria-invalid')).toBe('true');
    expect(ui.page.url()).toMatch(/\/upload$/);
    await screenshotScreen(ui.page, 'upload-validation');

    // Typing clears the message and gives live advice from the shared subdomain rules.
    await ui.page.getByLabel('Subdomain').fill('My_Site');
    expect(await ui.page.getByText('Please enter a subdomain').count()).toBe(0);
    await shows('Subdomain may contain only letters a-z, digits 0-9 and hyphens');
    await ui.page.getByLabel('Subdomain').fill('www');
    await shows('The subdomain "www" is reserved. Please choose another.');
    // With code to deploy, Deploy still refuses the reserved name and stays on the form.
    await ui.page.getByLabel('Your code').fill('<h1>hi</h1>');
    await deployButton().click();
    await shows('The subdomain "www" is reserved. Please choose another.');
    expect(ui.page.url()).toMatch(/\/upload$/);

    // File mode: without a file the button stays disabled and says why.
    await ui.page.getByRole('tab', { name: 'Upload Files' }).click();
    await ui.page.getByLabel('Subdomain').fill('files-site');
    await shows('Please select a file to deploy');
    expect(await deployButton().isDisabled()).toBe(true);

    // A wrong type is refused before anything is sent.
    await ui.page.getByLabel('Choose a file to deploy').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await shows('Only .html and .zip files can be deployed.');
    expect(await deployButton().isDisabled()).toBe(true);

    // A chosen file that is removed again leaves nothing to deploy.
    await ui.page.getByLabel('Choose a file to deploy').setInputFiles({
      name: 'page.html',
      mimeType: 'text/html',
      buffer: Buffer.from(htmlArtifact('page')),
    });
    await shows('page.html');
    expect(await deployButton().isEnabled()).toBe(true);
    expect(await ui.page.getByText('Please select a file to deploy').count()).toBe(0);
    await ui.page.getByRole('button', { name: 'Remove page.html' }).click();
    await shows('Please select a file to deploy');
    expect(await deployButton().isDisabled()).toBe(true);
  });

  it("stops a FREE user's fourth site with the 'Plan Limit Reached' dialog", async () => {
    await freshVisitor();
    const token = await register(`limit-${Date.now()}@example.com`);
    for (const n of [1, 2, 3]) {
      const res = await deployCode(ui.server, token, `limit-site-${n}`, htmlArtifact(`Site ${n}`));
      expect(res.status).toBe(201);
    }
    await signInWith(token);
    await openUpload();
    // A signed-in account is not a guest.
    expect(await ui.page.getByText('your site stays live for 24 hours').count()).toBe(0);
    await ui.page.getByLabel('Your code').fill(htmlArtifact('The fourth'));
    await ui.page.getByLabel('Subdomain').fill('limit-site-4');
    await deployButton().click();

    const dialog = ui.page.getByRole('dialog', { name: 'Plan Limit Reached' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain(
      "You've reached the limit of 3 sites on the FREE plan.",
    );
    const usage = dialog.getByRole('progressbar', { name: 'Sites used' });
    expect(await usage.getAttribute('aria-valuenow')).toBe('3');
    expect(await usage.getAttribute('aria-valuemax')).toBe('3');
    expect(await dialog.getByText('3/3').isVisible()).toBe(true);
    await screenshotScreen(ui.page, 'upload-plan-limit-dialog');

    await dialog.getByRole('button', { name: 'Maybe Later' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(ui.page.url()).toMatch(/\/upload$/);

    await deployButton().click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await ui.page.waitForURL((url) => url.pathname === '/settings');
  });

  it('works from the keyboard: tabs, the browse button and Deploy', async () => {
    await freshVisitor();
    // Playwright switches on its catching of file choosers without waiting for the page to
    // confirm, so a chooser opened right after could still escape it: switch it on first.
    const choosers: FileChooser[] = [];
    ui.page.on('filechooser', (chooser) => choosers.push(chooser));
    await openUpload();
    const focused = () =>
      ui.page.evaluate(() => ({
        role: document.activeElement?.getAttribute('role') ?? document.activeElement?.tagName,
        text: document.activeElement?.textContent?.trim(),
      }));

    // Tab from the guest note's last link reaches the tabs; Enter selects one.
    await ui.page.locator('main').getByRole('link', { name: 'sign in', exact: true }).focus();
    await ui.page.keyboard.press('Tab');
    expect(await focused()).toEqual({ role: 'tab', text: 'Upload Files' });
    await ui.page.keyboard.press('Enter');
    const uploadTab = ui.page.getByRole('tab', { name: 'Upload Files' });
    expect(await uploadTab.getAttribute('aria-selected')).toBe('true');
    // The arrow keys move between the tabs and select them too.
    await ui.page.keyboard.press('ArrowRight');
    expect(await focused()).toEqual({ role: 'tab', text: 'Paste Code' });
    expect(await uploadTab.getAttribute('aria-selected')).toBe('false');
    await ui.page.keyboard.press('ArrowLeft');
    expect(await uploadTab.getAttribute('aria-selected')).toBe('true');
    // Past the other tab comes the drop zone's Browse button; Space opens the file chooser.
    await ui.page.keyboard.press('Tab');
    await ui.page.keyboard.press('Tab');
    expect(await focused()).toEqual({ role: 'BUTTON', text: 'Browse files' });
    await ui.page.keyboard.press('Space');
    await expect.poll(() => choosers.length).toBe(1);
    await choosers[0]!.setFiles({
      name: 'keyboard.html',
      mimeType: 'text/html',
      buffer: Buffer.from(htmlArtifact('Made with the keyboard')),
    });
    await shows('keyboard.html');
    // Focus moves to the chosen file's Remove button, then on to the address and Deploy.
    await expect
      .poll(() => ui.page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Remove keyboard.html');
    await ui.page.keyboard.press('Tab');
    expect(await ui.page.evaluate(() => document.activeElement?.id)).toBe(
      await ui.page.getByLabel('Subdomain').getAttribute('id'),
    );
    await ui.page.keyboard.type('keyboard-site');
    await ui.page.keyboard.press('Tab');
    expect(await focused()).toEqual({ role: 'BUTTON', text: 'Deploy' });
    await ui.page.keyboard.press('Enter');
    await ui.page.waitForURL(/\/deployments\//);
    await shows('Deployed Successfully');
  });

  it('opens the AI Artifacts Support dialog, with providers, steps and prompts to copy', async () => {
    await freshVisitor();
    await openUpload();
    await ui.page.getByRole('button', { name: 'AI Artifacts Support' }).click();
    const dialog = ui.page.getByRole('dialog', { name: 'AI Artifacts Support' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    for (const provider of ['Claude', 'Gemini', 'OpenAI']) {
      expect(await dialog.getByText(provider, { exact: true }).isVisible()).toBe(true);
    }
    expect(await dialog.getByText('not available', { exact: false }).count()).toBe(0);
    expect(
      await dialog.getByRole('link', { name: 'API Keys', exact: true }).getAttribute('href'),
    ).toBe('/api-keys');
    await dialog.getByRole('button', { name: 'Copy example prompt 1' }).click();
    expect(await ui.page.evaluate(() => navigator.clipboard.readText())).toContain('recipe');
    await screenshotScreen(ui.page, 'upload-ai-support-dialog');
    await ui.page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
  });
});
