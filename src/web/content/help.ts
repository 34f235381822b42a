import { CreditCard, Globe, Rocket, Upload, UserCog, type LucideIcon } from 'lucide-react';
import { ARTICLE_BODIES, type HelpBlock } from './help-articles';

export type { HelpBlock } from './help-articles';

export const HELP_CATEGORY_IDS = [
  'getting-started',
  'deployment',
  'domains',
  'plans-billing',
  'account',
] as const;
export type HelpCategoryId = (typeof HELP_CATEGORY_IDS)[number];

export interface HelpArticle {
  id: string;
  title: string;
  description: string;
  category: HelpCategoryId;
  /** e.g. '3 min read' (articles take 2 to 7 minutes) */
  readTime: string;
  popular?: boolean;
  body: HelpBlock[];
}

export interface HelpCategory {
  id: HelpCategoryId;
  title: string;
  description: string;
  icon: LucideIcon;
  articles: HelpArticle[];
}

type ArticleMeta = Omit<HelpArticle, 'category' | 'body'>;

const category = (
  id: HelpCategoryId,
  title: string,
  description: string,
  icon: LucideIcon,
  articles: ArticleMeta[],
): HelpCategory => ({
  id,
  title,
  description,
  icon,
  articles: articles.map((a) => ({ ...a, category: id, body: ARTICLE_BODIES[a.id] ?? [] })),
});

// The help centre's categories and article ids, in the order the screen shows them.
export const HELP_CATEGORIES: HelpCategory[] = [
  category(
    'getting-started',
    'Getting Started',
    'Deploy your first site and learn what you can host.',
    Rocket,
    [
      {
        id: 'first-deployment',
        title: 'Deploy your first site',
        description: 'From pasted code to a live address in under a minute, step by step.',
        readTime: '3 min read',
        popular: true,
      },
      {
        id: 'supported-formats',
        title: 'Supported formats and libraries',
        description: 'React JSX/TSX, HTML pages, zipped sites and the npm packages that just work.',
        readTime: '4 min read',
      },
      {
        id: 'ai-artifacts-guide',
        title: 'Hosting AI artifacts from Claude, ChatGPT and Gemini',
        description:
          'Get the code out of your assistant; what storage and AI calls do once hosted.',
        readTime: '5 min read',
        popular: true,
      },
    ],
  ),
  category(
    'deployment',
    'Deployment',
    'How builds run, fixing failed deployments and updating sites.',
    Upload,
    [
      {
        id: 'deployment-process',
        title: 'What happens when you deploy',
        description: 'The stages behind the progress bar, from upload to a live site.',
        readTime: '4 min read',
      },
      {
        id: 'deployment-troubleshooting',
        title: 'Troubleshooting failed deployments',
        description: 'Read the build log, fix common errors and get back online.',
        readTime: '6 min read',
      },
      {
        id: 'update-sites',
        title: 'Updating and redeploying a site',
        description: 'Ship a new version to the same address and review deployment history.',
        readTime: '3 min read',
      },
    ],
  ),
  category(
    'domains',
    'Domains & SSL',
    'Connect your own domain, the DNS record it needs, and the certificate that comes with it.',
    Globe,
    [
      {
        id: 'custom-domains',
        title: 'Connect a custom domain',
        description: 'Add your domain, create one CNAME record, press Verify: live on HTTPS.',
        readTime: '2 min read',
        popular: true,
      },
      {
        id: 'ssl-certificates',
        title: 'SSL certificates',
        description: 'Certificates for custom domains are issued and renewed for you.',
        readTime: '2 min read',
      },
      {
        id: 'dns-configuration',
        title: 'DNS configuration',
        description: 'The one record a custom domain needs, and where to add it.',
        readTime: '2 min read',
      },
    ],
  ),
  category(
    'plans-billing',
    'Plans & Billing',
    'What each plan holds, upgrading, cancelling and paying.',
    CreditCard,
    [
      {
        id: 'plan-comparison',
        title: 'Comparing Free, Starter and Pro',
        description: 'How many sites each plan holds, what it costs and what it adds.',
        readTime: '2 min read',
      },
      {
        id: 'upgrade-downgrade',
        title: 'Upgrading or downgrading your plan',
        description: 'Upgrade through Stripe Checkout; cancel or downgrade in Manage Billing.',
        readTime: '2 min read',
      },
      {
        id: 'billing-faq',
        title: 'Billing FAQ',
        description: 'Payments, renewals, invoices, cancelling and failed payments.',
        readTime: '2 min read',
      },
    ],
  ),
  category(
    'account',
    'Account & Security',
    'Your account, AI provider keys and keeping your account safe.',
    UserCog,
    [
      {
        id: 'account-settings',
        title: 'Managing your account settings',
        description: 'What your account holds today, and what the Settings screen offers.',
        readTime: '2 min read',
      },
      {
        id: 'api-keys',
        title: 'AI provider API keys',
        description: 'Add, test and manage the keys that answer your sites’ AI features.',
        readTime: '2 min read',
      },
      {
        id: 'security',
        title: 'How we keep your sites and data secure',
        description: 'Isolation between sites, checks on every request, and good habits for you.',
        readTime: '3 min read',
      },
    ],
  ),
];

export const HELP_ARTICLES: HelpArticle[] = HELP_CATEGORIES.flatMap((c) => c.articles);

/** The popular articles, in this order. */
export const POPULAR_ARTICLE_IDS = ['first-deployment', 'ai-artifacts-guide', 'custom-domains'];

export function findArticle(id: string | undefined): HelpArticle | undefined {
  return HELP_ARTICLES.find((a) => a.id === id);
}

/** Help search: case-insensitive substring on title or description; empty categories hidden. */
export function searchHelp(query: string): HelpCategory[] {
  const q = query.trim().toLowerCase();
  if (!q) return HELP_CATEGORIES;
  return HELP_CATEGORIES.map((c) => ({
    ...c,
    articles: c.articles.filter(
      (a) => a.title.toLowerCase().includes(q) || a.description.toLowerCase().includes(q),
    ),
  })).filter((c) => c.articles.length > 0);
}
