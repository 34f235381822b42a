import { Compass } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { PageLayout } from './PageLayout';
import { SiteFooter } from './SiteFooter';
import { buttonStyles } from './ui/Button';

/** An address the app does not know: say so plainly and offer the ways back. */
export function NotFound() {
  const { pathname } = useLocation();
  return (
    <PageLayout variant="landing" width="narrow" footer={<SiteFooter />}>
      <div className="flex flex-col items-center py-16 text-center">
        <div className="flex h-14 w-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600 dark:bg-brand-900/40 dark:text-brand-300">
          <Compass className="h-7 w-7" aria-hidden />
        </div>
        <h1 className="mt-6 text-3xl font-bold tracking-tight">Page not found</h1>
        <p className="mt-3 max-w-md text-slate-600 dark:text-slate-400">
          There is nothing at <span className="break-all font-mono text-sm">{pathname}</span>. The
          link may be old or mistyped.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/" className={buttonStyles({ variant: 'secondary' })}>
            Home
          </Link>
          <Link to="/dashboard" className={buttonStyles({ variant: 'secondary' })}>
            Dashboard
          </Link>
          <Link to="/help" className={buttonStyles({ variant: 'primary' })}>
            Help Center
          </Link>
        </div>
      </div>
    </PageLayout>
  );
}
