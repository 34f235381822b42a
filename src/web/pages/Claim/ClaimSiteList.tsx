import { ExternalLink } from 'lucide-react';
import type { ClaimableSite } from '../../../shared/claim';
import { timeLeft } from '../../lib/format';

/** The sites of a claim, each with its address and, while it is a guest site, its time left. */
export function ClaimSiteList({ sites, kept }: { sites: ClaimableSite[]; kept?: boolean }) {
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 text-left dark:divide-slate-800 dark:border-slate-700">
      {sites.map((site) => (
        <li key={site.id} className="flex items-center gap-3 px-4 py-3">
          <span className="min-w-0 flex-1">
            <span className="block truncate font-medium">{site.subdomain}</span>
            <a
              href={site.url}
              target="_blank"
              rel="noreferrer"
              className="inline-flex max-w-full items-center gap-1 truncate text-xs text-brand-600 hover:underline dark:text-brand-400"
            >
              <span className="truncate">{site.url.replace(/^https?:\/\//, '')}</span>
              <ExternalLink className="h-3 w-3 shrink-0" aria-hidden />
            </a>
          </span>
          {kept ? (
            <span className="shrink-0 rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800 dark:bg-green-900/40 dark:text-green-300">
              Kept
            </span>
          ) : (
            site.expiresAt && (
              <span className="shrink-0 text-xs text-amber-600 dark:text-amber-400">
                {timeLeft(site.expiresAt)}
              </span>
            )
          )}
        </li>
      ))}
    </ul>
  );
}
