import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface PageIntroProps {
  eyebrow?: string;
  icon?: LucideIcon;
  title: ReactNode;
  children?: ReactNode;
}

/** The heading block that opens each public page, so they share one rhythm. */
export function PageIntro({ eyebrow, icon: Icon, title, children }: PageIntroProps) {
  return (
    <header className="mx-auto max-w-3xl pb-10 pt-4 text-center sm:pt-8">
      {eyebrow && (
        <p className="mb-4 inline-flex items-center gap-2 rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-700 dark:bg-brand-900/40 dark:text-brand-300">
          {Icon && <Icon className="h-4 w-4" aria-hidden />}
          {eyebrow}
        </p>
      )}
      <h2 className="text-3xl font-bold tracking-tight sm:text-5xl">{title}</h2>
      {children && (
        <div className="mx-auto mt-4 max-w-2xl text-base text-slate-600 sm:text-lg dark:text-slate-400">
          {children}
        </div>
      )}
    </header>
  );
}
