import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminSite } from '../../../shared/admin';
import { adminApi } from '../../api/admin';
import { errorMessage } from '../../api/client';
import { Badge, SiteStatusBadge } from '../../components/StatusBadge';
import { ErrorBox } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { formatDate, formatNumber } from '../../lib/format';
import type { ReasonRequest } from './ReasonDialog';
import { SiteStory } from './SiteStory';
import { cellStyles, Empty, headStyles, SearchBox, searchListQuery, wide } from './shared';

export function SitesTab({ ask }: { ask: (r: ReasonRequest) => void }) {
  const client = useQueryClient();
  const [q, setQ] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const sites = useQuery({
    queryKey: ['admin', 'sites', q],
    queryFn: () => adminApi.sites(q),
    ...searchListQuery,
  });
  const refresh = () => void client.invalidateQueries({ queryKey: ['admin'] });
  const disable = (s: AdminSite) =>
    ask({
      title: `Disable ${s.subdomain}?`,
      body: 'Visitors get a ‘This site has been disabled’ page (451) at once, on every node; its files are kept for review and its owner sees your reason.',
      confirmLabel: 'Disable site',
      run: async (reason) => {
        await adminApi.disableSite(s.id, reason);
        refresh();
      },
    });
  const enable = async (s: AdminSite) => {
    setFailure(null);
    try {
      await adminApi.enableSite(s.id);
      refresh();
    } catch (err) {
      setFailure(errorMessage(err, 'Failed to enable the site'));
    }
  };

  return (
    <div className="space-y-4">
      <SearchBox
        label="Search sites"
        placeholder="Subdomain, custom domain or owner e-mail"
        onSearch={setQ}
      />
      {failure && <ErrorBox>{failure}</ErrorBox>}
      {sites.isPending && <Spinner label="Searching..." />}
      {sites.isError && <ErrorBox>{errorMessage(sites.error, 'Failed to load sites')}</ErrorBox>}
      {sites.data?.sites.length === 0 && <Empty>No site matches.</Empty>}
      {sites.data && sites.data.sites.length > 0 && (
        <Card className="overflow-x-auto" aria-busy={sites.isPlaceholderData}>
          <table className="w-full text-left text-sm">
            <thead className={headStyles}>
              <tr>
                <th className={cellStyles}>Site</th>
                <th className={`${cellStyles} ${wide}`}>Owner</th>
                <th className={cellStyles}>Status</th>
                <th className={`${cellStyles} ${wide} text-right`}>Views</th>
                <th className={`${cellStyles} ${wide}`}>Created</th>
                <th className={cellStyles}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {sites.data.sites.map((s) => (
                <SiteRows
                  key={s.id}
                  site={s}
                  open={open === s.id}
                  toggle={() => setOpen(open === s.id ? null : s.id)}
                  disable={() => disable(s)}
                  enable={() => void enable(s)}
                />
              ))}
            </tbody>
          </table>
        </Card>
      )}
    </div>
  );
}

function SiteRows({
  site: s,
  open,
  toggle,
  disable,
  enable,
}: {
  site: AdminSite;
  open: boolean;
  toggle: () => void;
  disable: () => void;
  enable: () => void;
}) {
  return (
    <>
      <tr data-site={s.subdomain}>
        <td className={cellStyles}>
          <a
            href={s.url}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-brand-700 hover:underline dark:text-brand-300"
          >
            {s.subdomain}
          </a>
          {s.customDomain && <span className="block text-xs text-slate-500">{s.customDomain}</span>}
          {s.disabledReason && (
            <span className="block text-xs text-red-700 dark:text-red-300">
              Disabled: {s.disabledReason}
            </span>
          )}
        </td>
        <td className={`${cellStyles} ${wide} break-all`}>{s.ownerEmail}</td>
        <td className={cellStyles}>
          <div className="flex flex-wrap gap-1">
            <SiteStatusBadge status={s.status} />
            {s.openReports > 0 && (
              <Badge tone="red">
                {s.openReports} report{s.openReports === 1 ? '' : 's'}
              </Badge>
            )}
          </div>
        </td>
        <td className={`${cellStyles} ${wide} text-right tabular-nums`}>{formatNumber(s.views)}</td>
        <td className={`${cellStyles} ${wide}`}>{formatDate(s.createdAt)}</td>
        <td className={cellStyles}>
          <div className="flex flex-wrap justify-end gap-2">
            <Button size="sm" variant="ghost" onClick={toggle} aria-expanded={open}>
              {open ? 'Hide' : 'Details'}
            </Button>
            {s.disabledAt ? (
              <Button size="sm" variant="secondary" onClick={enable}>
                Enable
              </Button>
            ) : (
              <Button size="sm" variant="danger" onClick={disable}>
                Disable
              </Button>
            )}
          </div>
        </td>
      </tr>
      {open && (
        <tr>
          <td colSpan={6} className="bg-slate-50 px-4 py-4 dark:bg-slate-900/60">
            <SiteStory siteId={s.id} />
          </td>
        </tr>
      )}
    </>
  );
}
