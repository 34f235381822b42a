import { ExternalLink, Lock, RefreshCw, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import type { Site } from '../../../shared/site';
import { Sparkline } from '../../components/charts/Sparkline';
import { DisabledNotice } from '../../components/DisabledNotice';
import { PreviewThumbnail } from '../../components/PreviewThumbnail';
import { SiteStatusBadge } from '../../components/StatusBadge';
import { Button, buttonStyles } from '../../components/ui/Button';
import { formatDate, formatNumber, timeLeft } from '../../lib/format';

/** Says a site asks its visitors for a password. */
function PrivateMark({ site }: { site: Site }) {
  if (!site.private) return null;
  return (
    <span className="ml-2 inline-flex items-center gap-1 align-middle text-xs text-slate-500 dark:text-slate-400">
      <Lock className="h-3 w-3" aria-hidden /> Private
    </span>
  );
}

export interface SiteActions {
  onRedeploy: (site: Site) => void;
  onDelete: (site: Site) => void;
  /** The site whose redeploy request is running. */
  redeploying: string | null;
  /** Only looking (a team's viewer): no redeploy or delete. */
  readOnly?: boolean;
}

/** The custom domain when there is one, else the subdomain. */
export function siteLabel(site: Site): string {
  return site.customDomain || site.subdomain;
}

function Actions({
  site,
  onRedeploy,
  onDelete,
  redeploying,
  readOnly,
}: SiteActions & { site: Site }) {
  const name = siteLabel(site);
  const visit = (
    <a
      href={site.customDomainUrl ?? site.url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Visit ${name}`}
      title="Visit site"
      className={buttonStyles({ variant: 'ghost', size: 'icon' })}
    >
      <ExternalLink className="h-4 w-4" aria-hidden />
    </a>
  );
  if (readOnly) return <div className="flex items-center justify-end gap-1">{visit}</div>;
  return (
    <div className="flex items-center justify-end gap-1">
      {visit}
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Redeploy ${name}`}
        title="Redeploy"
        // A site whose version is still queued or building has nothing new to redeploy yet.
        disabled={
          redeploying === site.id || site.status === 'BUILDING' || site.status === 'PENDING'
        }
        onClick={() => onRedeploy(site)}
      >
        <RefreshCw
          className={redeploying === site.id ? 'h-4 w-4 animate-spin' : 'h-4 w-4'}
          aria-hidden
        />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Delete ${name}`}
        title="Delete"
        className="text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/50"
        onClick={() => onDelete(site)}
      >
        <Trash2 className="h-4 w-4" aria-hidden />
      </Button>
    </div>
  );
}

function Expiry({ site }: { site: Site }) {
  if (!site.expiresAt) return null;
  return (
    <span className="block text-xs text-amber-600 dark:text-amber-400">
      {timeLeft(site.expiresAt)}
    </span>
  );
}

/** A table on wide screens, stacked cards on phones. */
export function SitesTable({
  sites,
  sparklines,
  ...actions
}: SiteActions & {
  sites: Site[];
  /** views per day of each site, by id; absent while loading or with analytics off */
  sparklines?: Record<string, number[]>;
}) {
  const trend = (site: Site) => {
    const values = sparklines?.[site.id];
    return values ? <Sparkline values={values} siteName={siteLabel(site)} /> : null;
  };
  return (
    <>
      <table className="hidden w-full text-left text-sm md:table">
        <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500 dark:border-slate-800">
          <tr>
            <th scope="col" className="px-5 py-3 font-medium">
              Site name
            </th>
            <th scope="col" className="px-5 py-3 font-medium">
              Status
            </th>
            <th scope="col" className="px-5 py-3 text-right font-medium">
              Views
            </th>
            {sparklines && (
              <th scope="col" className="px-5 py-3 font-medium">
                Last {Object.values(sparklines)[0]?.length ?? 14} days
              </th>
            )}
            <th scope="col" className="px-5 py-3 font-medium">
              Created
            </th>
            <th scope="col" className="px-5 py-3 text-right font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {sites.map((site) => (
            <tr key={site.id} className="hover:bg-slate-50 dark:hover:bg-slate-800/40">
              <td className="px-5 py-3">
                <div className="flex items-center gap-3">
                  <Link to={`/sites/${site.id}`} tabIndex={-1} className="w-20 shrink-0">
                    <PreviewThumbnail
                      src={site.previewUrl}
                      label={`Preview of ${siteLabel(site)}`}
                    />
                  </Link>
                  <div className="min-w-0">
                    <Link
                      to={`/sites/${site.id}`}
                      className="font-medium text-brand-700 hover:underline dark:text-brand-300"
                    >
                      {siteLabel(site)}
                    </Link>
                    <PrivateMark site={site} />
                    <Expiry site={site} />
                    <DisabledNotice reason={site.disabledReason} compact />
                  </div>
                </div>
              </td>
              <td className="px-5 py-3">
                <SiteStatusBadge status={site.status} />
              </td>
              <td className="px-5 py-3 text-right tabular-nums">{formatNumber(site.views)}</td>
              {sparklines && <td className="px-5 py-1">{trend(site)}</td>}
              <td className="px-5 py-3 text-slate-600 dark:text-slate-400">
                {formatDate(site.createdAt)}
              </td>
              <td className="px-5 py-2">
                <Actions site={site} {...actions} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="divide-y divide-slate-100 md:hidden dark:divide-slate-800">
        {sites.map((site) => (
          <li key={site.id} className="p-4">
            <div className="flex items-start justify-between gap-3">
              <Link to={`/sites/${site.id}`} tabIndex={-1} className="w-20 shrink-0">
                <PreviewThumbnail src={site.previewUrl} label={`Preview of ${siteLabel(site)}`} />
              </Link>
              <div className="min-w-0 flex-1">
                <Link
                  to={`/sites/${site.id}`}
                  className="block truncate font-medium text-brand-700 hover:underline dark:text-brand-300"
                >
                  {siteLabel(site)}
                </Link>
                <p className="mt-0.5 text-xs text-slate-500">
                  {formatNumber(site.views)} views · {formatDate(site.createdAt)}
                  {site.private && ' · Private'}
                </p>
                <Expiry site={site} />
                <DisabledNotice reason={site.disabledReason} compact />
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1">
                <SiteStatusBadge status={site.status} />
                {trend(site)}
              </div>
            </div>
            <div className="mt-2">
              <Actions site={site} {...actions} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
