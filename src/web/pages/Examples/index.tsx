import { ArrowRight, Info, LayoutGrid } from 'lucide-react';
import { Link } from 'react-router';
import { PageIntro } from '../../components/PageIntro';
import { PageLayout } from '../../components/PageLayout';
import { SiteFooter } from '../../components/SiteFooter';
import { buttonStyles } from '../../components/ui/Button';
import { demoUrl, EXAMPLES } from '../../content/examples';
import { ExampleCard } from './ExampleCard';
import { useSitesDomain } from '../../hooks/config';

export function ExamplesPage() {
  const { domain, protocol } = useSitesDomain();
  return (
    <PageLayout
      variant="minimal"
      footer={<SiteFooter />}
      actions={
        <>
          <Link to="/auth" className={buttonStyles({ variant: 'ghost', size: 'sm' })}>
            Sign In
          </Link>
          <Link to="/upload" className={buttonStyles({ size: 'sm' })}>
            Deploy Now
          </Link>
        </>
      }
    >
      <PageIntro eyebrow="Example gallery" icon={LayoutGrid} title="See what people deploy">
        Real apps written by AI assistants and hosted here in seconds. Open a demo, then deploy your
        own in the same way.
      </PageIntro>

      <div className="mb-8 flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 sm:flex-row sm:items-center dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-200">
        <Info className="h-5 w-5 shrink-0" aria-hidden />
        <p className="flex-1">
          <strong>Want one of these as your own?</strong> The demos are deployed by hand, like any
          site here: the instructions show how to deploy one yourself in a couple of minutes.
        </p>
        <Link
          to="/demo-instructions"
          className={buttonStyles({ variant: 'secondary', size: 'sm' })}
        >
          Deployment instructions
        </Link>
      </div>

      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {EXAMPLES.map((example) => (
          <li key={example.id}>
            <ExampleCard example={example} url={demoUrl(example.demoSubdomain, domain, protocol)} />
          </li>
        ))}
      </ul>

      <section className="mt-16 rounded-2xl bg-gradient-to-br from-brand-600 to-violet-700 px-6 py-12 text-center text-white">
        <h2 className="text-2xl font-bold sm:text-3xl">Ready to deploy your own?</h2>
        <p className="mx-auto mt-3 max-w-xl text-brand-100">
          Paste the code your AI assistant wrote and get a live address in seconds. No account
          needed to try it.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link
            to="/upload"
            className={buttonStyles({
              variant: 'secondary',
              size: 'lg',
            })}
          >
            Deploy your artifact <ArrowRight className="h-5 w-5" aria-hidden />
          </Link>
          <Link
            to="/auth"
            className="inline-flex h-12 items-center justify-center rounded-lg border border-white/40 px-6 font-medium text-white hover:bg-white/10"
          >
            Sign In
          </Link>
        </div>
      </section>
    </PageLayout>
  );
}
