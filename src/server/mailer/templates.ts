import { ABUSE_CATEGORY_LABELS, type AbuseCategory } from '../../shared/admin';
import { DOMAIN_RELEASE_GRACE_HOURS, releaseTimeInWords } from '../../shared/custom-domain';
import { PLANS, type PlanName } from '../../shared/plans';

// Every e-mail the product sends: pure functions, readable as plain text and as HTML.

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const paragraph = (html: string, muted = false) =>
  `<p style="margin:0 0 16px;line-height:1.5${muted ? ';color:#64748b;font-size:13px' : ''}">${html}</p>`;

/** Plain-text paragraphs (escaped here), one call-to-action button, then more paragraphs. */
export function layout(
  before: string[],
  action: { label: string; url: string },
  after: string[] = [],
) {
  const button = `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#4f46e5;color:#ffffff;padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>`;
  return [
    '<!doctype html><html><body style="font-family:-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a;max-width:560px;margin:0 auto;padding:24px">',
    ...before.map((p) => paragraph(escapeHtml(p))),
    button,
    ...after.map((p) => paragraph(escapeHtml(p), true)),
    paragraph('Artifact Host', true),
    '</body></html>',
  ].join('');
}

export const greeting = (name: string | null) => `Hello${name ? ` ${name}` : ''},`;

export function passwordResetMail(input: { name: string | null; url: string }): MailContent {
  const before = [
    greeting(input.name),
    'Someone (we hope you) asked to reset the password of your Artifact Host account.',
    'The link below works once, within one hour. Using it signs you out on every device and revokes every access token of your account (scripts and tools using one will need a new token).',
  ];
  const after = [
    `Or paste this address into your browser: ${input.url}`,
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  ];
  return {
    subject: 'Reset your Artifact Host password',
    text: `${before.join('\n\n')}\n\nReset your password: ${input.url}\n\n${after[1]}\n\nArtifact Host\n`,
    html: layout(before, { label: 'Reset password', url: input.url }, after),
  };
}

const sitesIn = (plan: PlanName) => {
  const max = PLANS[plan].maxSites;
  return max === null ? 'unlimited sites' : `up to ${max} site${max === 1 ? '' : 's'}`;
};

export function planChangedMail(input: {
  name: string | null;
  from: PlanName;
  to: PlanName;
  settingsUrl: string;
}): MailContent {
  const from = PLANS[input.from].label;
  const to = PLANS[input.to].label;
  const newMax = PLANS[input.to].maxSites;
  const oldMax = PLANS[input.from].maxSites;
  const smaller = newMax !== null && (oldMax === null || newMax < oldMax);
  const lines = [
    greeting(input.name),
    `Your Artifact Host plan changed from ${from} to ${to}.`,
    `On the ${to} plan you can have ${sitesIn(input.to)}.`,
    ...(smaller
      ? [
          `Your sites keep serving as they are. If you have more than ${newMax}, new sites wait until you are within the limit: delete some, or upgrade again.`,
        ]
      : []),
  ];
  return {
    subject: `Your plan changed: ${from} → ${to}`,
    text: `${lines.join('\n\n')}\n\nYour plan: ${input.settingsUrl}\n\nArtifact Host\n`,
    html: layout(lines, { label: 'See your plan', url: input.settingsUrl }),
  };
}

/** "$4.99" from 499 and "usd"; null when Stripe gave no amount. */
export function formatAmount(amount: number | null, currency: string | null): string | null {
  if (amount === null || !currency) return null;
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: currency.toUpperCase(),
    }).format(amount / 100);
  } catch {
    return `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

export function paymentFailedMail(input: {
  name: string | null;
  amountDue: number | null;
  currency: string | null;
  nextAttemptAt: string | null;
  billingUrl: string;
}): MailContent {
  const amount = formatAmount(input.amountDue, input.currency);
  const next = input.nextAttemptAt
    ? new Date(input.nextAttemptAt).toUTCString().replace(/:\d\d GMT$/, ' UTC')
    : null;
  const lines = [
    greeting(input.name),
    `We could not charge ${amount ?? 'the renewal of your subscription'}${amount ? ' for your Artifact Host subscription' : ''}.`,
    next
      ? `We will try again on ${next}. To avoid losing your plan, check your card under 'Manage Billing' in Settings.`
      : "We will not try again. To keep your plan, update your card under 'Manage Billing' in Settings.",
  ];
  return {
    subject: 'Your payment failed',
    text: `${lines.join('\n\n')}\n\nManage Billing: ${input.billingUrl}\n\nArtifact Host\n`,
    html: layout(lines, { label: 'Manage Billing', url: input.billingUrl }),
  };
}

/** To the operators (ABUSE_EMAIL): a report filed on /report, with where to act on it. */
export function abuseReportMail(input: {
  siteAddress: string;
  ownerEmail: string | null;
  category: AbuseCategory;
  description: string;
  reporterEmail: string | null;
  consoleUrl: string;
}): MailContent {
  const label = ABUSE_CATEGORY_LABELS[input.category];
  const before = [
    `A visitor reported ${input.siteAddress}: ${label}.`,
    `Owner: ${input.ownerEmail ?? 'no site of ours answers at this address'}`,
    `Reporter: ${input.reporterEmail ?? 'gave no e-mail address'}`,
    `What they wrote:\n${input.description}`,
  ];
  return {
    subject: `Abuse report (${label}): ${input.siteAddress}`,
    text: `${before.join('\n\n')}\n\nReview it in the operator console: ${input.consoleUrl}\n`,
    html: layout(before, { label: 'Open the operator console', url: input.consoleUrl }),
  };
}

/** To a site's owner: the custom domain's DNS record points elsewhere; it goes after the grace. */
export function domainLostMail(input: {
  name: string | null;
  siteName: string;
  domain: string;
  found: string;
  releaseAt: string;
  siteUrl: string;
}): MailContent {
  const when = releaseTimeInWords(input.releaseAt);
  const lines = [
    greeting(input.name),
    `The DNS record of ${input.domain} no longer points at your site “${input.siteName}”. What we found: ${input.found}`,
    `${input.domain} keeps showing your site for ${DOMAIN_RELEASE_GRACE_HOURS} hours, until ${when}. If the record still points elsewhere then, the domain is released from your site and anyone whose site its DNS points at may use it.`,
    'If you changed the record on purpose, there is nothing to do. If not, put the record back (the site page shows it) and the domain stays yours.',
  ];
  return {
    subject: `${input.domain} no longer points at your site`,
    text: `${lines.join('\n\n')}\n\nYour site: ${input.siteUrl}\n\nArtifact Host\n`,
    html: layout(lines, { label: 'Open your site', url: input.siteUrl }),
  };
}

/** To a site's owner: the custom domain was taken off the site, and why. */
export function domainReleasedMail(input: {
  name: string | null;
  siteName: string;
  domain: string;
  reason: 'dns-moved' | 'proven-elsewhere';
  siteUrl: string;
}): MailContent {
  const why =
    input.reason === 'dns-moved'
      ? `Its DNS record pointed elsewhere for ${DOMAIN_RELEASE_GRACE_HOURS} hours, so ${input.domain} no longer shows your site “${input.siteName}”.`
      : `Another account added ${input.domain}, and its DNS record points at their site, not at yours (“${input.siteName}”). A domain goes to the site its DNS points at, so it moved to theirs.`;
  const lines = [
    greeting(input.name),
    why,
    `Your site still answers at its own address. If ${input.domain} is yours, point its DNS record at your site and add the domain again on the site page.`,
  ];
  return {
    subject: `${input.domain} was removed from your site`,
    text: `${lines.join('\n\n')}\n\nYour site: ${input.siteUrl}\n\nArtifact Host\n`,
    html: layout(lines, { label: 'Open your site', url: input.siteUrl }),
  };
}

export interface AbuseDigestSite {
  siteAddress: string;
  reports: Array<{ category: AbuseCategory; description: string }>;
}

const DIGEST_SAMPLES = 3;
const DIGEST_SAMPLE_CHARS = 300;

/**
 * The reports that came in after each site's first one (which was mailed alone), in one
 * e-mail: how many per site and of which kind, with a few of their descriptions.
 */
export function abuseDigestMail(input: {
  sites: AbuseDigestSite[];
  consoleUrl: string;
}): MailContent {
  const total = input.sites.reduce((n, site) => n + site.reports.length, 0);
  const reports = `${total} more abuse report${total === 1 ? '' : 's'}`;
  const sites = `${input.sites.length} site${input.sites.length === 1 ? '' : 's'}`;
  const paragraphs = [`${reports} came in about ${sites} already reported to you:`];
  for (const site of input.sites) {
    const kinds = new Map<AbuseCategory, number>();
    for (const r of site.reports) kinds.set(r.category, (kinds.get(r.category) ?? 0) + 1);
    const counted = [...kinds].map(([kind, n]) => `${n} × ${ABUSE_CATEGORY_LABELS[kind]}`);
    const samples = site.reports
      .slice(0, DIGEST_SAMPLES)
      .map((r) => `“${r.description.slice(0, DIGEST_SAMPLE_CHARS)}”`);
    paragraphs.push(`${site.siteAddress}: ${counted.join(', ')}. ${samples.join(' ')}`);
  }
  return {
    subject: `Abuse reports: ${reports} about ${sites}`,
    text: `${paragraphs.join('\n\n')}\n\nReview them in the operator console: ${input.consoleUrl}\n`,
    html: layout(paragraphs, { label: 'Open the operator console', url: input.consoleUrl }),
  };
}

/** After sign-up and on "Resend link": proves the address belongs to whoever opens it. */
export function verifyEmailMail(input: { name: string | null; url: string }): MailContent {
  const before = [
    greeting(input.name),
    'Welcome to Artifact Host! Please confirm that this e-mail address is yours.',
    'The link below works once, within 24 hours.',
  ];
  const after = [
    `Or paste this address into your browser: ${input.url}`,
    'If you did not create an Artifact Host account, ignore this e-mail: without your confirmation nobody can use this address with us.',
  ];
  return {
    subject: 'Confirm your e-mail address',
    text: `${before.join('\n\n')}\n\nConfirm your address: ${input.url}\n\n${after[1]}\n\nArtifact Host\n`,
    html: layout(before, { label: 'Confirm my address', url: input.url }, after),
  };
}

/** To the new address of a change asked for in Settings: nothing changes until it is opened. */
export function changeEmailMail(input: {
  name: string | null;
  oldEmail: string;
  url: string;
}): MailContent {
  const before = [
    greeting(input.name),
    `You asked to use this address for your Artifact Host account instead of ${input.oldEmail}.`,
    'Open the link below within 24 hours to make the change. It works once.',
  ];
  const after = [
    `Or paste this address into your browser: ${input.url}`,
    'If you did not ask for this, ignore this e-mail: nothing changes.',
  ];
  return {
    subject: 'Confirm your new e-mail address',
    text: `${before.join('\n\n')}\n\nConfirm the new address: ${input.url}\n\n${after[1]}\n\nArtifact Host\n`,
    html: layout(before, { label: 'Use this address', url: input.url }, after),
  };
}

/** To the current address when a change is asked for, so a stranger's change does not go unseen. */
export function emailChangeNoticeMail(input: {
  name: string | null;
  newEmail: string;
  securityUrl: string;
}): MailContent {
  const before = [
    greeting(input.name),
    `Someone signed in to your Artifact Host account asked to change its e-mail address to ${input.newEmail}. The change happens only when the link we sent there is opened.`,
    'If this was you, there is nothing to do. If it was not, change your password now: that signs everyone else out.',
  ];
  return {
    subject: 'A change of your e-mail address was requested',
    text: `${before.join('\n\n')}\n\nChange your password: ${input.securityUrl}\n\nArtifact Host\n`,
    html: layout(before, { label: 'Change my password', url: input.securityUrl }),
  };
}

export function teamInvitationMail(input: {
  inviter: string;
  team: string;
  role: string;
  url: string;
}): MailContent {
  const before = [
    'Hello,',
    `${input.inviter} invited you to join the team "${input.team}" on Artifact Host as ${input.role}.`,
    'The link works once, within 7 days, for this e-mail address: sign in or sign up with it to accept.',
  ];
  const after = [
    `Or paste this address into your browser: ${input.url}`,
    'If you did not expect this, ignore this e-mail: nothing changes unless you accept.',
  ];
  return {
    subject: `Join ${input.team} on Artifact Host`,
    text: `${before.join('\n\n')}\n\nAccept the invitation: ${input.url}\n\n${after[1]}\n\nArtifact Host\n`,
    html: layout(before, { label: 'Accept invitation', url: input.url }, after),
  };
}
