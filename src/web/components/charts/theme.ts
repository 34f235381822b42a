import { useSyncExternalStore } from 'react';
import type { DeploymentStatus } from '../../../shared/deployment';

// Chart colours as values, since recharts paints SVG attributes that Tailwind's dark: classes
// cannot reach. Tailwind's own shades, lighter in dark mode so they keep their contrast.

export interface ChartTheme {
  grid: string;
  axis: string;
  tooltipBg: string;
  tooltipBorder: string;
  tooltipText: string;
  views: string;
  visitors: string;
  status: Record<DeploymentStatus, string>;
}

const LIGHT: ChartTheme = {
  grid: '#e2e8f0',
  axis: '#64748b',
  tooltipBg: '#ffffff',
  tooltipBorder: '#e2e8f0',
  tooltipText: '#0f172a',
  views: '#2046eb',
  visitors: '#7c3aed',
  // Status colours on every chart: SUCCESS green, FAILED red, PENDING grey, BUILDING blue.
  status: { SUCCESS: '#16a34a', FAILED: '#dc2626', PENDING: '#94a3b8', BUILDING: '#2563eb' },
};

const DARK: ChartTheme = {
  grid: '#1e293b',
  axis: '#94a3b8',
  tooltipBg: '#0f172a',
  tooltipBorder: '#334155',
  tooltipText: '#f1f5f9',
  views: '#598bff',
  visitors: '#a78bfa',
  status: { SUCCESS: '#22c55e', FAILED: '#f87171', PENDING: '#64748b', BUILDING: '#60a5fa' },
};

// Follows the 'dark' class on <html> itself, the very switch Tailwind's dark: classes follow,
// whoever sets it (the toggle, the system preference at start), so SVG and page never disagree.
function watchDarkClass(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}
const isDark = () => document.documentElement.classList.contains('dark');

export function useChartTheme(): ChartTheme {
  const dark = useSyncExternalStore(watchDarkClass, isDark, () => false);
  return dark ? DARK : LIGHT;
}

const shortDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const longDay = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'Nov 24' for an axis; days are UTC calendar days, as the server counts them. */
export const formatShortDay = (day: string) => shortDay.format(new Date(`${day}T00:00:00Z`));
export const formatLongDay = (day: string) => longDay.format(new Date(`${day}T00:00:00Z`));
