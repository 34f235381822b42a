import { ArrowRight, ClipboardPaste, Globe, Sparkles, Wand2 } from 'lucide-react';
import { Link } from 'react-router';
import { ConnectionIndicator } from '../../components/ConnectionIndicator';
import { PageLayout } from '../../components/PageLayout';
import { SiteFooter } from '../../components/SiteFooter';
import { buttonStyles } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';

const steps = [
  {
    icon: ClipboardPaste,
    title: 'Paste your code',
    text: 'Copy the component or page your AI assistant wrote (Claude, ChatGPT, Gemini, v0) and paste it in, or drop in an .html or .zip file.',
  },
  {
    icon: Wand2,
    title: 'We convert it automatically',
    text: 'React, TypeScript, Tailwind, shadcn/ui, charts and icons are handled for you. No build tools, no setup.',
  },
  {
    icon: Globe,
    title: 'Your site is live',
    text: 'Get a shareable address in seconds, watch the deployment happen live, and see how many people visit.',
  },
];

export function LandingPage() {
  return (
    <PageLayout variant="landing" width="full" footer={<SiteFooter />}>
      <section className="mx-auto max-w-4xl px-2 pb-16 pt-8 text-center sm:pt-16">
        <div className="mb-6 flex justify-center">
          <ConnectionIndicator />
        </div>
        <p className="mx-auto mb-4 inline-flex items-center gap-2 rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-700 dark:bg-brand-900/40 dark:text-brand-300">
          <Sparkles className="h-4 w-4" aria-hidden /> Ready in 30 seconds
        </p>
        <h1 className="text-4xl font-bold tracking-tight sm:text-6xl">
          Transform AI artifacts into{' '}
          <span className="bg-gradient-to-r from-brand-600 to-violet-600 bg-clip-text text-transparent">
            live websites
          </span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600 dark:text-slate-400">
          Paste what your AI assistant made and share it with the world. Built for creators,
          designers and marketers: no developer needed.
        </p>
        <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Link to="/upload" className={buttonStyles({ size: 'lg' })}>
            Deploy your artifact <ArrowRight className="h-5 w-5" aria-hidden />
          </Link>
          <Link to="/examples" className={buttonStyles({ variant: 'secondary', size: 'lg' })}>
            See examples
          </Link>
        </div>
        <p className="mt-6 text-sm text-slate-500">
          Wondering how we compare?{' '}
          <Link
            to="/comparison"
            className="font-medium text-brand-600 hover:underline dark:text-brand-400"
          >
            See the comparison
          </Link>
        </p>
      </section>

      <section aria-labelledby="how-it-works" className="mx-auto max-w-6xl pb-20">
        <h2 id="how-it-works" className="mb-8 text-center text-2xl font-semibold sm:text-3xl">
          Three steps to a live site
        </h2>
        <ol className="grid gap-6 md:grid-cols-3">
          {steps.map(({ icon: Icon, title, text }, i) => (
            <li key={title}>
              <Card className="h-full p-6">
                <div className="mb-4 flex items-center gap-3">
                  <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-brand-600 text-white">
                    <Icon className="h-5 w-5" aria-hidden />
                  </span>
                  <span className="text-sm font-medium text-slate-500">Step {i + 1}</span>
                </div>
                <h3 className="text-lg font-semibold">{title}</h3>
                <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{text}</p>
              </Card>
            </li>
          ))}
        </ol>
      </section>
    </PageLayout>
  );
}
