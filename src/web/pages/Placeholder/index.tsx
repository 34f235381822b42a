import { PageLayout } from '../../components/PageLayout';

// What each unfinished screen's visitor can rely on meanwhile, so nobody waits for a feature
// that is not there yet. Keyed by the title the route table gives the screen.
const MEANWHILE: Record<string, string> = {
  Analytics:
    'Analytics charts are not available yet. Each site’s total views are on your dashboard and on the site’s own page.',
};

/** A screen whose issue is still open: its title, and nothing pretending to be data. */
export function PlaceholderPage({ title }: { title: string }) {
  const meanwhile = MEANWHILE[title];
  return (
    <PageLayout variant="subpage" backTo="/dashboard" backText="Dashboard" title={title}>
      <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-500 dark:border-slate-700">
        <h2 className="text-xl font-semibold text-slate-900 dark:text-slate-100">{title}</h2>
        <p className="mt-2 text-sm">This screen is on its way.</p>
        {meanwhile && <p className="mx-auto mt-2 max-w-md text-sm">{meanwhile}</p>}
      </div>
    </PageLayout>
  );
}
