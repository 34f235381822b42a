import type { ComponentProps, ReactNode } from 'react';
import { cn } from './ui/cn';
import { TopNav } from './TopNav';

interface PageLayoutProps extends ComponentProps<typeof TopNav> {
  children: ReactNode;
  footer?: ReactNode;
  /** Width of the main column. */
  width?: 'narrow' | 'default' | 'wide' | 'full';
}

const widths = { narrow: 'max-w-3xl', default: 'max-w-5xl', wide: 'max-w-7xl', full: '' };

export function PageLayout({ children, footer, width = 'wide', ...nav }: PageLayoutProps) {
  return (
    <div className="flex min-h-screen flex-col">
      <TopNav {...nav} />
      <main id="main" className={cn('mx-auto w-full flex-1 px-4 py-8 sm:px-6', widths[width])}>
        {children}
      </main>
      {footer}
    </div>
  );
}
