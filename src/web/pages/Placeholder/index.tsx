import { PageLayout } from '../../components/PageLayout';

/** A screen whose issue is still open: its title, and nothing pretending to be data. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <PageLayout variant="subpage" backTo="/dashboard" backText="Dashboard" title={title}>
      <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-500 dark:border-slate-700">
        <h2 className="text-xl font-semibold text-slate-900 dark:text-slate-100">{title}</h2>
        <p className="mt-2 text-sm">This screen is on its way.</p>
      </div>
    </PageLayout>
  );
}
