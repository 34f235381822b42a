import { useQuery } from '@tanstack/react-query';
import { ABUSE_CATEGORY_LABELS } from '../../../shared/admin';
import { adminApi } from '../../api/admin';
import { errorMessage } from '../../api/client';
import { ErrorBox } from '../../components/ui/Alert';
import { Spinner } from '../../components/ui/Spinner';
import { formatDateTime, formatNumber } from '../../lib/format';

/** One site's owner, versions, views and reports, for deciding what to do about it. */
export function SiteStory({ siteId }: { siteId: string }) {
  const story = useQuery({
    queryKey: ['admin', 'site', siteId],
    queryFn: () => adminApi.site(siteId),
    retry: false,
    staleTime: 0,
  });
  if (story.isPending) return <Spinner label="Loading site..." />;
  if (story.isError) return <ErrorBox>{errorMessage(story.error, 'Failed to load site')}</ErrorBox>;
  const { site, owner, versions, reports } = story.data;
  return (
    <div className="grid gap-6 text-sm md:grid-cols-3">
      <section>
        <h3 className="font-semibold">Owner</h3>
        <p className="mt-1 break-all">{owner.email}</p>
        <p className="text-slate-500">
          {owner.plan} plan · {owner.siteCount} site{owner.siteCount === 1 ? '' : 's'}
          {owner.suspendedAt ? ` · suspended: ${owner.suspendedReason}` : ''}
        </p>
        <p className="mt-2 text-slate-500">{formatNumber(site.views)} views in all</p>
      </section>
      <section>
        <h3 className="font-semibold">Versions</h3>
        <ul className="mt-1 space-y-1">
          {versions.map((v) => (
            <li key={v.id}>
              v{v.version} · {v.status.toLowerCase()}
              {v.isLive ? ' · live' : ''}
              <span className="block text-xs text-slate-500">{formatDateTime(v.createdAt)}</span>
            </li>
          ))}
          {versions.length === 0 && <li className="text-slate-500">None</li>}
        </ul>
      </section>
      <section>
        <h3 className="font-semibold">Reports</h3>
        <ul className="mt-1 space-y-1">
          {reports.map((r) => (
            <li key={r.id}>
              {ABUSE_CATEGORY_LABELS[r.category]} · {r.status.toLowerCase()}
              <span className="block text-xs text-slate-500">{r.description.slice(0, 120)}</span>
            </li>
          ))}
          {reports.length === 0 && <li className="text-slate-500">None</li>}
        </ul>
      </section>
    </div>
  );
}
