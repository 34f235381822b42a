import { FREE_SITES, LIVE_CHAT_HOURS, planPrice, STARTER_SITES, SUPPORT_EMAIL } from './company';

/** A piece of an article body: kept as data so articles stay plain text, never raw HTML. */
export type HelpBlock =
  | { kind: 'p'; text: string }
  | { kind: 'h'; text: string }
  | { kind: 'ul'; items: string[] }
  | { kind: 'ol'; items: string[] }
  | { kind: 'code'; text: string }
  | { kind: 'tip'; text: string };

// Article bodies of the Help Center. `{sitesDomain}` is replaced on screen by the
// installation's user-content domain from GET /api/config, so examples show real addresses.
const p = (text: string): HelpBlock => ({ kind: 'p', text });
const h = (text: string): HelpBlock => ({ kind: 'h', text });
const ul = (...items: string[]): HelpBlock => ({ kind: 'ul', items });
const ol = (...items: string[]): HelpBlock => ({ kind: 'ol', items });
const code = (text: string): HelpBlock => ({ kind: 'code', text });
const tip = (text: string): HelpBlock => ({ kind: 'tip', text });

export const ARTICLE_BODIES: Record<string, HelpBlock[]> = {
  'first-deployment': [
    p(
      'You can go from code your AI assistant wrote to a live, shareable website in under a minute. No account is needed to try it: guests get sites that stay up for 24 hours.',
    ),
    h('Deploy in four steps'),
    ol(
      'Open Deploy (the "Deploy Now" button at the top of every page) and choose "Paste Code" or "Upload Files".',
      'Paste the React component or HTML page your assistant produced, or drop in an .html file or a .zip of a small site (up to 10 MB).',
      'Pick a subdomain, for example "my-portfolio". Your site will live at my-portfolio.{sitesDomain}. Lowercase letters, numbers and hyphens work best.',
      'Press Deploy and watch the progress screen: the build log streams live, and a "View Site" link appears when the site is ready.',
    ),
    tip(
      'Most artifacts are live in about a second. Larger zip sites or code that pulls in an uncommon npm package can take a few seconds longer the first time.',
    ),
    h('After your first deploy'),
    ul(
      'Your dashboard lists every site with its status, views and creation date.',
      'Open a site to see its deployment history, redeploy it, roll back to an earlier version or delete it.',
      'Create a free account for sites that stay up for good: the Free plan holds ' +
        FREE_SITES +
        ' sites. Sign up or sign in from the browser you deployed in as a guest and your guest sites move into your account (as many as the plan holds; you choose which when there are more).',
      'Every site lives at its own subdomain. On the Starter and Pro plans you can connect your own domain too.',
    ),
  ],
  'supported-formats': [
    p('We host three kinds of input, and we work out which one you gave us automatically.'),
    h('React components (JSX and TSX)'),
    p(
      'Paste a single component file as your assistant wrote it. The default export becomes the page. TypeScript is welcome: type annotations, interfaces and "as" casts are stripped for you, with no type-checking step to fail on.',
    ),
    h('HTML pages'),
    p(
      'Paste or upload a complete .html document. Inline scripts and styles run as written, and pages that load the Tailwind Play CDN keep working.',
    ),
    h('Zipped sites'),
    p(
      'Upload a .zip with an index.html at its root (or inside a single top-level folder) plus its CSS, JavaScript, images and fonts. Paths inside the zip are preserved, so relative links keep working. Uploads are limited to 10 MB.',
    ),
    h('Libraries that work out of the box'),
    ul(
      'react and react-dom, with hooks',
      'Tailwind CSS classes, compiled for your page',
      'shadcn/ui components imported from @/components/ui/*, plus @/lib/utils',
      'lucide-react icons',
      'recharts, chart.js and d3 for charts',
      'three for 3D, framer-motion for animation, tone for audio',
      'mathjs, lodash, papaparse and date-fns',
    ),
    p(
      'Any other npm package you import is fetched at build time and bundled with your site, using the same single copy of React as your component so hooks keep working.',
    ),
    tip(
      'If an icon name from an older lucide-react release no longer exists, your site still renders: a neutral placeholder takes its place and the build log tells you which icon to rename.',
    ),
  ],
  'ai-artifacts-guide': [
    p(
      'AI assistants are great at writing small apps: dashboards, calculators, quizzes, landing pages. This guide shows how to take one from the chat to a real website.',
    ),
    h('Getting the code out of your assistant'),
    ul(
      'Claude: open the artifact, switch to the Code view and use Copy.',
      'ChatGPT: use the copy button on the code block, or download the canvas as a file.',
      'Gemini and v0: copy the generated component or download the project as a .zip.',
    ),
    p(
      'Paste the code on the Deploy screen exactly as you copied it; there is no need to add imports for React, set up a bundler or write an index.html.',
    ),
    h('Artifacts that store data or call AI'),
    p(
      'Claude artifacts can use window.storage to save data, window.fs.readFile to read files, and window.claude.complete to ask the model questions. Here is what each one does once your artifact is hosted here:',
    ),
    ul(
      'window.storage works: a to-do list or high-score table survives reloads. Each visitor’s own data stays in their browser; data saved with the shared flag is kept on our servers and seen by every visitor of that site.',
      'window.fs.readFile works: it reads the files you include in your .zip.',
      'window.claude.complete works once you add your own Claude, Gemini or OpenAI key on the API Keys page: your visitors get real answers, paid by your key, within the limits you set on the site’s page. A direct fetch to the Anthropic API from the artifact is answered the same way. Without a key, the page says "This site\'s owner has not connected an AI provider yet" and the rest of it keeps working.',
    ),
    h('Prompts that deploy cleanly'),
    code(
      'Build a single-file React component with a default export. Use Tailwind classes for styling and lucide-react for icons. Do not use external APIs that need a key.',
    ),
    tip(
      'Ask for a single file. Multi-file projects are fine too, but then zip them up and use Upload Files.',
    ),
  ],
  'deployment-process': [
    p(
      'Every deployment moves through the same states, and you can watch each one live on the deployment progress screen.',
    ),
    h('The stages'),
    ol(
      'Pending: your code or file has been received and safely stored, and the deployment is waiting for a builder. This usually takes a fraction of a second.',
      'Building: we detect the format, compile JSX or TSX, generate Tailwind CSS for the classes you use, bundle any npm packages and prepare optimised, compressed files. Each step writes a line to the build log and moves the progress bar.',
      'Deployed successfully: the new files are published and your subdomain switches to them in one atomic step, so visitors never see a half-updated site.',
      'Deployment failed: the log and an "Error Details" box explain what went wrong. If the site had an earlier version, that version stays online.',
    ),
    h('Live updates'),
    p(
      'The progress screen and dashboard update in real time while the "Live" indicator is green. If your connection drops, the page falls back to checking the status periodically, so you never have to refresh.',
    ),
    tip(
      'Every deployment is kept as an immutable version. Redeploying builds the stored source again, and rolling back makes an earlier successful version live again, so you can always return to a known-good state.',
    ),
  ],
  'deployment-troubleshooting': [
    p(
      'Most failed deployments come down to a handful of causes. Start with the Deployment Logs on the site detail page: the last lines name the problem, usually with a line and column number.',
    ),
    h('Syntax errors'),
    p(
      'Messages such as "Unexpected token" at a line:column position mean the pasted code is incomplete. Assistants sometimes cut long answers short: ask for the full file again, or ask it to "continue" and join the parts.',
    ),
    h('Nothing to render'),
    p(
      'A React artifact needs a default export, for example "export default function App()". If your component is exported by name only, add a default export and deploy again.',
    ),
    h('A package could not be resolved'),
    p(
      'Check the spelling of the import. Packages are fetched from the public npm registry at build time; private packages and imports of local files that were not included in a .zip cannot be found.',
    ),
    h('The site loads but looks blank'),
    ul(
      'Open your browser’s developer console on the live site: a runtime error is the usual cause.',
      'Code that calls fetch() against an API that blocks other websites (CORS) fails in the browser, not during the build.',
      'For zip uploads, make sure index.html is at the root of the archive, not nested two folders deep.',
      'An AI feature that says "This site\'s owner has not connected an AI provider yet" needs a key: add one on the API Keys page, and check that AI features are switched on in the site’s AI features card.',
    ),
    h('Plan limits'),
    p(
      'If you see "Plan Limit Reached", you are at your plan’s site limit. Delete a site you no longer need to make room, or press Upgrade to Pro in the dialog: Starter holds ' +
        STARTER_SITES +
        ' sites and Pro has no limit.',
    ),
    tip(
      'Still stuck? Write to ' +
        SUPPORT_EMAIL +
        ' with the deployment id from the address bar and we will look at the build for you.',
    ),
  ],
  'update-sites': [
    p(
      'Your address stays the same when your site changes. There are three ways to change what your site shows.',
    ),
    h('Deploy new code to the same subdomain'),
    p(
      'Paste or upload the new version on the Deploy screen and enter the same subdomain. It becomes the next version of the existing site, and visitors switch over the moment the build succeeds.',
    ),
    h('Redeploy'),
    p(
      'On the dashboard or the site detail page, Redeploy builds the stored source of the current version again, for example to pick up improvements to our builder.',
    ),
    h('Roll back'),
    p(
      'In the deployment history, Rollback makes an earlier successful version live again straight away, without building anything.',
    ),
    h('Deployment history'),
    p(
      'The site detail page lists every version with its status, start and finish time, and the full build log. A failed update never takes your site down: the previous version keeps serving until a new build succeeds.',
    ),
  ],
  'custom-domains': [
    p(
      'Serve a site from your own domain, such as www.yourbrand.com, with a certificate for HTTPS that is issued and renewed for you. Custom domains come with the Starter and Pro plans.',
    ),
    h('Connect a domain in four steps'),
    ol(
      'Open the site on your dashboard and find the Custom Domain panel.',
      'Type the domain, for example www.yourbrand.com, and press Add Domain.',
      'The panel shows the one DNS record to create, with copy buttons. For www.yourbrand.com it is a CNAME record named www.yourbrand.com whose value is your site’s address, for example my-portfolio.{sitesHost}. Create it at the company where you bought the domain (your DNS provider).',
      'Press Verify. Once the record is found the domain turns Verified, and the certificate follows on its own, usually within a minute or two. Your site then answers on https://www.yourbrand.com.',
    ),
    tip(
      'DNS changes can take a while to reach everyone: from a few minutes to a few hours. If Verify says the record was not found yet, wait a little and press it again. We also keep checking on our own for 48 hours.',
    ),
    h('A domain without www'),
    p(
      'A bare domain such as yourbrand.com cannot have a CNAME record at most DNS providers. Where this server has a public address, the panel asks for an A record (and an AAAA record) with that address instead; otherwise it asks you to use www.yourbrand.com.',
    ),
    h('Good to know'),
    ul(
      'Each site can have one custom domain, and a domain can belong to one site only.',
      'Your site keeps answering at its own address on {sitesDomain} as well.',
      'Remove takes the domain off the site at once; its certificate is deleted with it.',
    ),
  ],
  'ssl-certificates': [
    p(
      'Your site’s address on {sitesDomain} needs no certificate from you: there is nothing to set up or renew.',
    ),
    p(
      'A custom domain gets its own certificate from a certificate authority as soon as the domain is verified: the SSL status in the Custom Domain panel moves from "No SSL" to "Provisioning" and then "Active", usually within a minute or two. From then on, visitors who type http:// are sent to https://.',
    ),
    p(
      'Certificates are renewed 30 days before they expire, without anything for you to do. The panel shows the expiry date, and turns it red as "SSL expires in N days" if a certificate is ever within 30 days of running out, which means renewal is failing: usually because the domain’s DNS record was changed or removed. Put the record back and the next renewal goes through.',
    ),
  ],
  'dns-configuration': [
    p(
      'You do not need to change any DNS record to use this service: every site answers at its own address on {sitesDomain}. DNS records only matter when you connect a custom domain.',
    ),
    h('The record to create'),
    ul(
      'For a subdomain such as www.yourbrand.com or shop.yourbrand.com: a CNAME record with that name, whose value is your site’s address, for example my-portfolio.{sitesHost}.',
      'For a bare domain such as yourbrand.com: the A (and AAAA) record the Custom Domain panel shows.',
    ),
    h('Where to add it'),
    p(
      'At the company that runs your domain’s DNS, usually where you bought the domain: look for "DNS", "DNS records" or "Manage DNS", add a record, and choose the type the panel shows. Some providers want only the first part of the name (www instead of www.yourbrand.com); both mean the same record.',
    ),
    tip(
      'If your DNS provider offers a proxy or "orange cloud" for the record, turn it off for this record: the certificate for your domain is issued to our server, and a proxy in between hides it.',
    ),
  ],
  'plan-comparison': [
    p(
      'Every new account is on the Free plan. Each plan’s site limit is checked whenever you deploy a new site:',
    ),
    ul(
      'Free ($0): ' + FREE_SITES + ' sites on your own subdomains.',
      'Starter (' +
        planPrice('STARTER') +
        ' a month): up to ' +
        STARTER_SITES +
        ' sites, and custom domains.',
      'Pro (' + planPrice('PRO') + ' a month): unlimited sites, and custom domains.',
    ),
    p(
      'Every plan gets live deployment progress, deployment history with redeploy and rollback, view counts and window.storage in your sites. The plan cards in Settings, under Billing & Plans, list each plan’s features and mark the plan you are on.',
    ),
    p(
      'Guests can try the product without an account; guest sites stay online for 24 hours. Sites deployed from an account stay up for good, whatever its plan.',
    ),
  ],
  'upgrade-downgrade': [
    h('Upgrading'),
    ol(
      'Open Settings and the Billing & Plans tab (the Pricing link on the home page, the banner on your dashboard and the "Plan Limit Reached" dialog all lead there).',
      'Press Upgrade to Starter or Upgrade to Pro. You go to Stripe’s secure checkout page to enter your card.',
      'After paying you come back to Settings, which shows your new plan at once: its card is marked as yours and the account menu shows it too.',
    ),
    p('Your new site limit applies to your next deployment.'),
    h('Switching between Starter and Pro'),
    ol(
      'In Settings, Billing & Plans, press Switch to Pro (or Switch to Starter) on the other plan’s card.',
      'Before anything is charged you see the price for the rest of this month: moving up, the difference is charged at once; moving down, the unused time is credited and pays your next invoices.',
      'Moving down to Starter, the dialog first says what happens to your sites over its limit, your custom domains (they keep serving: Starter includes them), white-labelled sites, teams and storage.',
      'Confirm. The screen says Changing… until Stripe confirms, usually within seconds; then every open page shows the new plan.',
    ),
    h('Cancelling'),
    ol(
      'In Settings, Billing & Plans, press Manage Billing. You go to Stripe’s billing portal.',
      'Cancel your plan there, then return to Settings.',
      'Settings now says when your plan ends; you keep it until the end of the period you paid for, and then your account moves to Free.',
    ),
    p(
      'Moving to Free never deletes a site: every site you have keeps running. Above the Free limit, new sites are refused with the "Plan Limit Reached" dialog until you delete some or upgrade again.',
    ),
    h('When you reach your limit'),
    ul(
      'Deploying a site beyond your plan’s limit opens the "Plan Limit Reached" dialog, and nothing is created.',
      'Upgrade from the dialog, or delete a site you no longer need from your dashboard to make room.',
      'Deploying again to a subdomain you already own updates that site and does not count as a new one.',
    ),
  ],
  'billing-faq': [
    h('How do I pay?'),
    p(
      'By card, through Stripe. We never see or store your card number: you enter it on Stripe’s own checkout page.',
    ),
    h('How much, and how often?'),
    p(
      'Starter is ' +
        planPrice('STARTER') +
        ' a month and Pro ' +
        planPrice('PRO') +
        ' a month, charged in advance and renewed automatically each month. Settings, under Billing & Plans, shows the date your plan renews.',
    ),
    h('Where are my invoices and my card details?'),
    p(
      'Press Manage Billing in Settings, under Billing & Plans: Stripe’s billing portal lists your invoices and lets you change your card or cancel.',
    ),
    h('What happens when I cancel?'),
    p(
      'Nothing changes until the end of the period you paid for: Settings says "Your plan ends on" with the date. Then your account moves to Free and your sites keep running. Payments are not refunded except where the law requires it.',
    ),
    h('What if a payment fails?'),
    p(
      'Stripe tries again over the following days and Settings asks you to update your card in Manage Billing. If the payment still fails, your plan ends and your account moves to Free.',
    ),
    tip('Questions about plans? Write to ' + SUPPORT_EMAIL + ' and choose "Billing & Plans".'),
  ],
  'account-settings': [
    p(
      'Your account is your email address and password, and the sites you deploy with it. Open Dashboard to see your sites, and the account menu (your initial, top right) to see your plan or sign out.',
    ),
    p(
      'Settings has six tabs: Profile (your name, and a new email address, used once you confirm it from the message we send there), Billing & Plans (your plan, what you use of it, upgrading, switching between Starter and Pro, and Manage Billing), API Keys (the AI provider keys of your sites), Access Tokens (for the command line and AI assistants), Security (your password, two-factor sign-in, passkeys, the browsers signed in, and deleting your account) and Notifications (which emails you get).',
    ),
    tip('Use the moon and sun toggle in the top bar to switch between dark and light mode.'),
  ],
  'api-keys': [
    p(
      'Artifacts that ask an AI model for answers, such as chatbots that call window.claude.complete, keep working on their live site once you add your own provider key (Claude, Gemini or OpenAI) on the API Keys page, or in the API Keys tab of Settings.',
    ),
    h('Adding and checking a key'),
    ul(
      'Press Add API Key, choose the provider, give the key a name you will recognise and paste the key.',
      'Press Test beside it: you see whether the provider accepts it, and which model answered.',
      'One key per provider is active at a time. Switching one on switches the provider’s others off.',
      'To replace a key, edit it and paste the new one; leave the field blank to keep the current key.',
    ),
    h('How your key is kept'),
    ul(
      'Keys are stored encrypted and never shown again in full: the table shows only their last four characters.',
      'Your key never reaches your visitors’ browsers. Their AI requests go through our server, which calls the provider for them.',
    ),
    h('Limits per site'),
    p(
      'Each site’s page has an AI features card: switch AI calls on or off, and set how many calls a visitor may make per minute, how many the site may make per day, and the most tokens one answer may use. It also shows how many calls were made today.',
    ),
    tip('Never paste a secret key into your site’s code: anyone who opens the site can read it.'),
  ],
  security: [
    p(
      'Security is built into how we host your sites, not added on afterwards. Here is what we do, and what you can do.',
    ),
    h('What we do'),
    ul(
      'Sites run on a separate user-content domain, so a site can never read your account session or another user’s data.',
      'Every request is checked: you can only see and change your own sites and deployments.',
      'Uploads are size-limited and scanned for unsafe paths before anything is stored.',
      'Passwords are stored only as strong one-way hashes, and repeated failed sign-ins are slowed down.',
    ),
    h('What you can do'),
    ul(
      'Use a long, unique password.',
      'Never paste secret keys into your site’s code: anyone who opens the site can read them.',
      'Sign out on shared computers from the user menu.',
    ),
    tip(
      'Found a vulnerability? Please write to ' +
        SUPPORT_EMAIL +
        ' with "Security" in the subject. We answer security reports first. Live chat is open ' +
        LIVE_CHAT_HOURS +
        '.',
    ),
  ],
};
