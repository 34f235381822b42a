import { Brain, Calculator, CloudSun, ExternalLink, ListTodo, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { CopyButton } from '../../components/CopyButton';
import { PageIntro } from '../../components/PageIntro';
import { PageLayout } from '../../components/PageLayout';
import { SiteFooter } from '../../components/SiteFooter';
import { buttonStyles } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { demoUrl } from '../../content/examples';
import type { GUIDED_DEMO_SUBDOMAINS } from '../../../shared/demos';
import { useSitesDomain } from '../../hooks/config';

interface DemoSite {
  subdomain: (typeof GUIDED_DEMO_SUBDOMAINS)[number];
  title: string;
  icon: LucideIcon;
  what: string;
}

// The four demo sites, deployed by subdomain name.
const DEMOS: DemoSite[] = [
  {
    subdomain: 'todo',
    title: 'To-Do List',
    icon: ListTodo,
    what: 'Task manager that saves with window.storage',
  },
  {
    subdomain: 'memory',
    title: 'Memory Game',
    icon: Brain,
    what: 'Card-matching game with three levels',
  },
  {
    subdomain: 'calculator',
    title: 'Calculator',
    icon: Calculator,
    what: 'Scientific calculator with history',
  },
  {
    subdomain: 'weather',
    title: 'Weather Dashboard',
    icon: CloudSun,
    what: 'Forecast dashboard with an hourly chart',
  },
];

const steps = [
  'Open a demo below to see it running: each one is a single file an AI assistant wrote, served here like any site.',
  'Get the code of the app you want: ask your AI assistant for one like it, or use code you already have.',
  'Open Deploy and choose Paste Code (or Upload Files for an .html or .zip file).',
  'Enter a subdomain: copy the demo’s name below, or pick your own. If the name is taken, the form says so; add something of yours, such as todo-sam.',
  'Press Deploy and wait for "Deployed Successfully": your site is live at its address. Without an account it stays for a day; a free account keeps up to three sites.',
];

export function DemoInstructionsPage() {
  const { domain, protocol } = useSitesDomain();
  return (
    <PageLayout
      variant="subpage"
      backTo="/examples"
      backText="Back to Examples"
      title="Demo Instructions"
      width="default"
      footer={<SiteFooter />}
    >
      <PageIntro title="Deploy the demo sites">
        The example gallery links to four demo sites. Deploying one of your own takes a couple of
        minutes, with or without an account.
      </PageIntro>

      <Card className="p-6 sm:p-8">
        <h3 className="text-lg font-semibold">Step by step</h3>
        <ol className="mt-4 space-y-3">
          {steps.map((step, i) => (
            <li key={step} className="flex gap-3 text-sm text-slate-700 dark:text-slate-300">
              <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-600 text-xs font-semibold text-white">
                {i + 1}
              </span>
              <span className="pt-0.5">{step}</span>
            </li>
          ))}
        </ol>
      </Card>

      <h3 className="mb-4 mt-10 text-lg font-semibold">The four demo sites</h3>
      <ul className="grid gap-4 sm:grid-cols-2">
        {DEMOS.map(({ subdomain, title, icon: Icon, what }) => {
          const url = demoUrl(subdomain, domain, protocol);
          return (
            <li key={subdomain}>
              <Card className="flex h-full flex-col gap-4 p-5">
                <div className="flex items-center gap-3">
                  <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-brand-50 text-brand-600 dark:bg-brand-900/40 dark:text-brand-300">
                    <Icon className="h-5 w-5" aria-hidden />
                  </span>
                  <div>
                    <p className="font-semibold">{title}</p>
                    <p className="text-xs text-slate-500">{what}</p>
                  </div>
                </div>
                <div className="flex items-center gap-2 rounded-lg bg-slate-100 p-2 pl-3 dark:bg-slate-800">
                  <span className="text-xs text-slate-500">Subdomain</span>
                  <code className="flex-1 truncate font-mono text-sm font-semibold">
                    {subdomain}
                  </code>
                  <CopyButton text={subdomain} label={`Copy ${subdomain}`} />
                </div>
                <a
                  href={url}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex items-center gap-1 truncate text-sm text-brand-600 hover:underline dark:text-brand-400"
                >
                  {url.replace(/^https?:\/\//, '')}
                  <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-hidden />
                </a>
              </Card>
            </li>
          );
        })}
      </ul>

      <div className="mt-10 flex flex-col gap-3 sm:flex-row">
        <Link to="/examples" className={buttonStyles({ variant: 'secondary' })}>
          Back to Examples
        </Link>
        <Link to="/upload" className={buttonStyles()}>
          Open Deploy
        </Link>
      </div>
    </PageLayout>
  );
}
