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
      'Open a site to see its deployment history, redeploy it or delete it.',
      'Create a free account to keep sites permanently: the Free plan includes ' +
        FREE_SITES +
        ' sites with SSL.',
      'On Starter or Pro, connect your own domain from the site detail page.',
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
      'Claude artifacts can use window.storage to save data and window.claude.complete to ask the model questions. Both work once your artifact is hosted here:',
    ),
    ul(
      'window.storage saves data so a to-do list or high-score table survives reloads. Each visitor’s own data stays in their browser; data saved with the shared flag is kept on our servers and seen by every visitor of that site.',
      'window.claude.complete sends prompts to a model using an API key you store under API Keys. Your key is used only for your own sites, and per-site limits keep a popular page from running up your bill.',
      'Files read with window.fs.readFile are served from the files you include in your .zip.',
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
      'Every deployment is kept as an immutable version. Redeploying builds the stored source again, so you can always return to a known-good state.',
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
    ),
    h('Plan limits'),
    p(
      'If you see "Plan Limit Reached", you are at your plan’s site limit. Delete a site you no longer need or upgrade under Settings.',
    ),
    tip(
      'Still stuck? Write to ' +
        SUPPORT_EMAIL +
        ' with the deployment id from the address bar and we will look at the build for you.',
    ),
  ],
  'update-sites': [
    p(
      'Your address stays the same when your site changes. There are two ways to publish a new version.',
    ),
    h('Deploy new code to the same subdomain'),
    p(
      'Paste or upload the new version on the Deploy screen and enter the same subdomain. It becomes the next version of the existing site, and visitors switch over the moment the build succeeds.',
    ),
    h('Redeploy'),
    p(
      'On the dashboard or the site detail page, Redeploy builds the stored source of the current version again. Use it after adding an API key, or to pick up improvements to our builder.',
    ),
    h('Deployment history'),
    p(
      'The site detail page lists every version with its status, start and finish time, and the full build log. A failed update never takes your site down: the previous version keeps serving until a new build succeeds.',
    ),
  ],
  'custom-domains': [
    p(
      'On the Starter and Pro plans you can serve any site from your own domain, such as www.yourbrand.com, with free HTTPS.',
    ),
    h('Connect your domain'),
    ol(
      'Open the site on your dashboard and find the Custom Domain panel.',
      'Enter the domain you want to use, for example www.yourbrand.com, and choose Add Domain.',
      'At your DNS provider, create a CNAME record for that name pointing to your site’s subdomain, for example my-portfolio.{sitesDomain}.',
      'Come back and choose Verify. Once your DNS answers with the right target, the domain status becomes Verified.',
    ),
    code('Type: CNAME\nName: www\nValue: my-portfolio.{sitesDomain}\nTTL: Auto (or 3600)'),
    h('How long it takes'),
    ul(
      'DNS changes can take up to 48 hours to spread, though most providers update within minutes.',
      'As soon as the domain verifies, we request an SSL certificate. It is typically active within 1–2 minutes.',
      'Your site keeps working on its original subdomain the whole time.',
    ),
    tip(
      'Root domains (yourbrand.com without www) cannot have a CNAME at many providers. Use www, or a provider that supports CNAME flattening, ALIAS or ANAME records.',
    ),
  ],
  'ssl-certificates': [
    p(
      'Every site is served over HTTPS. Sites on our subdomains are covered by our certificate from the moment they deploy; custom domains get a certificate of their own, free of charge.',
    ),
    h('Certificate states'),
    ul(
      'No SSL: the domain has not been verified yet, so no certificate can be requested.',
      'Provisioning: we are proving ownership to the certificate authority. This typically takes 1–2 minutes.',
      'Active: HTTPS is working. The expiry date is shown on the site detail page.',
      'Failed: the certificate authority could not reach your domain, usually because the CNAME record changed. Fix the record and verify again.',
    ),
    h('Renewal'),
    p(
      'Certificates renew automatically well before they expire. If a certificate has less than 30 days left, the site detail page shows the remaining days in red; that is your cue to check that the DNS record still points at us.',
    ),
  ],
  'dns-configuration': [
    p(
      'A custom domain needs one DNS record: a CNAME from your chosen name to your site’s subdomain on {sitesDomain}. Here is where to add it at common providers.',
    ),
    h('Cloudflare'),
    p(
      'DNS → Records → Add record. Type CNAME, name "www", target your-site.{sitesDomain}. Set the proxy status to "DNS only" (grey cloud) until the domain verifies.',
    ),
    h('GoDaddy'),
    p(
      'My Products → your domain → DNS. Edit the existing "www" CNAME (GoDaddy creates one by default) so its value is your-site.{sitesDomain}.',
    ),
    h('Namecheap'),
    p(
      'Domain List → Manage → Advanced DNS → Add New Record. Choose CNAME Record, host "www", value your-site.{sitesDomain}.',
    ),
    h('Google Domains / Squarespace'),
    p(
      'DNS → Custom records → Manage custom records. Add host "www", type CNAME, data your-site.{sitesDomain}.',
    ),
    h('Check your record'),
    code('dig +short CNAME www.yourbrand.com\n# should print: your-site.{sitesDomain}.'),
    ul(
      'Remove any A or AAAA records on the same name: a name with a CNAME cannot have other records.',
      'Propagation can take up to 48 hours. Verify again from the site detail page whenever you like.',
    ),
  ],
  'plan-comparison': [
    p(
      'Every plan includes fast hosting, HTTPS and live deployment progress. They differ in scale:',
    ),
    ul(
      'Free: ' +
        FREE_SITES +
        ' sites on our subdomains, SSL, community support. A great way to share a few projects.',
      'Starter (' +
        planPrice('STARTER') +
        '/month): up to ' +
        STARTER_SITES +
        ' sites, custom domains, advanced analytics, email support and full deployment history.',
      'Pro (' +
        planPrice('PRO') +
        '/month): unlimited sites and deployments, custom domains, priority support, team collaboration, white-label options and SLA guarantees.',
    ),
    p(
      'Guests can try the product without an account; guest sites stay online for 24 hours. Create a free account to keep them.',
    ),
    tip(
      'Teams and agencies with larger needs can write to us for Enterprise terms, including onboarding and phone support.',
    ),
  ],
  'upgrade-downgrade': [
    h('Upgrading'),
    p(
      'Go to Settings → Billing & Plans and choose Upgrade on the plan you want. Payment is handled by our card payment provider; your new limits apply as soon as the payment succeeds.',
    ),
    h('Downgrading or cancelling'),
    p(
      'Choose Manage Billing to change or cancel your subscription. You keep your current plan until the end of the period you have paid for.',
    ),
    h('What happens to your sites'),
    ul(
      'Nothing is deleted when you downgrade. Existing sites keep serving.',
      'If you have more sites than the new plan allows, you cannot create new ones until you are under the limit again.',
      'Custom domains are a Starter and Pro feature: on the Free plan, your sites are reachable on their subdomains.',
    ),
  ],
  'billing-faq': [
    h('Which payment methods do you accept?'),
    p(
      'All major credit and debit cards, processed by our payment provider. We never see or store your full card number.',
    ),
    h('When am I charged?'),
    p('Plans are paid in advance, monthly or annually, and renew automatically until you cancel.'),
    h('Where are my invoices?'),
    p(
      'Settings → Billing & Plans → Manage Billing opens the billing portal, where you can download every invoice and update your card.',
    ),
    h('Can I get a refund?'),
    p(
      'Payments are non-refundable except where the law requires otherwise. When you cancel, you keep access to paid features until the end of the period.',
    ),
    h('A payment failed. What now?'),
    p(
      'Update your card in the billing portal. If a renewal cannot be collected, the account falls back to the Free plan; your sites are kept.',
    ),
    tip('Questions about an invoice? Write to ' + SUPPORT_EMAIL + ' and choose "Billing & Plans".'),
  ],
  'account-settings': [
    p('Open Settings from the gear icon on your dashboard.'),
    ul(
      'Profile: change your display name. Your email address identifies your account and cannot be changed.',
      'Security: change your password (at least 8 characters).',
      'Notifications: choose which emails you receive about deployments and billing.',
      'Billing & Plans: see your plan and manage your subscription.',
    ),
    tip('Use the moon and sun toggle in the top bar to switch between dark and light mode.'),
  ],
  'api-keys': [
    p(
      'AI-powered artifacts, such as chatbots or writing tools that call window.claude.complete, need a model to talk to. Store your own provider key and your sites can use it safely.',
    ),
    h('Add a key'),
    ol(
      'Open API Keys from the user menu.',
      'Choose the provider: Claude, Gemini or OpenAI.',
      'Give the key a name you will recognise, paste the key and save.',
      'Use Test to check that the provider accepts it; the result names the model it reached.',
    ),
    h('How keys are protected'),
    ul(
      'Keys are encrypted at rest and never shown again in full: only a short hint is displayed.',
      'Calls are made from our servers, so visitors of your site never see your key.',
      'Per-site rate and spend limits stop one busy page from exhausting your quota.',
    ),
    tip('Rotate a key by editing it: leave the key blank to keep the current one.'),
  ],
  security: [
    p(
      'Security is built into how we host your sites, not added on afterwards. Here is what we do, and what you can do.',
    ),
    h('What we do'),
    ul(
      'Sites run on a separate user-content domain, so a site can never read your account session or another user’s data.',
      'Every request is checked: you can only see and change your own sites, deployments, domains and keys.',
      'All traffic is encrypted with HTTPS, and AI provider keys are encrypted at rest.',
      'Uploads are size-limited and scanned for unsafe paths before anything is stored.',
      'Passwords are stored only as strong one-way hashes, and repeated failed sign-ins are slowed down.',
    ),
    h('What you can do'),
    ul(
      'Use a long, unique password, or sign in with your code-hosting or identity provider.',
      'Never paste secret keys into your site’s code: store them under API Keys instead.',
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
