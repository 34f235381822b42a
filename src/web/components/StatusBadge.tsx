import { siteStatusDisplay, type Tone } from '../lib/status';
import { cn } from './ui/cn';

export const TONE_STYLES: Record<Tone, string> = {
  green: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300',
  yellow: 'bg-yellow-100 text-yellow-800 dark:bg-yellow-950 dark:text-yellow-300',
  blue: 'bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-300',
  red: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
  gray: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
};

export function Badge({
  tone,
  children,
  className,
}: {
  tone: Tone;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium',
        TONE_STYLES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

/** A site's status as the dashboard shows it. */
export function SiteStatusBadge({ status }: { status: string }) {
  const { label, tone } = siteStatusDisplay(status);
  return <Badge tone={tone}>{label}</Badge>;
}
