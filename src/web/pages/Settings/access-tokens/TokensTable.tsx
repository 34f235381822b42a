import { Trash2 } from 'lucide-react';
import type { AccessToken } from '../../../../shared/access-token';
import { Badge } from '../../../components/StatusBadge';
import { Button } from '../../../components/ui/Button';
import { formatDate, formatDateTime } from '../../../lib/format';

const th = 'whitespace-nowrap px-4 py-3 font-medium';
const expires = (t: AccessToken) => {
  if (!t.expiresAt) return 'Never';
  return Date.parse(t.expiresAt) <= Date.now()
    ? `Expired ${formatDate(t.expiresAt)}`
    : formatDate(t.expiresAt);
};
const lastUsed = (t: AccessToken) => (t.lastUsedAt ? formatDateTime(t.lastUsedAt) : 'Never');
const masked = (t: AccessToken) => `${t.prefix}…${t.last4}`;

function Scope({ token }: { token: AccessToken }) {
  return (
    <Badge tone={token.scope === 'deploy' ? 'blue' : 'gray'}>
      {token.scope === 'deploy' ? 'Deploy' : 'Read only'}
    </Badge>
  );
}

function Revoke({ token, onRevoke }: { token: AccessToken; onRevoke: (t: AccessToken) => void }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={`Revoke ${token.name}`}
      className="text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/50"
      onClick={() => onRevoke(token)}
    >
      <Trash2 className="h-4 w-4" aria-hidden /> Revoke
    </Button>
  );
}

/** A table on wide screens, stacked rows on phones (like the API keys). */
export function TokensTable({
  tokens,
  onRevoke,
}: {
  tokens: AccessToken[];
  onRevoke: (t: AccessToken) => void;
}) {
  return (
    <>
      <table className="hidden w-full text-left text-sm lg:table">
        <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500 dark:border-slate-800">
          <tr>
            <th scope="col" className={th}>
              Name
            </th>
            <th scope="col" className={th}>
              Token
            </th>
            <th scope="col" className={th}>
              Scope
            </th>
            <th scope="col" className={th}>
              Created
            </th>
            <th scope="col" className={th}>
              Expires
            </th>
            <th scope="col" className={th}>
              Last used
            </th>
            <th scope="col" className={th}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {tokens.map((t) => (
            <tr key={t.id} className="hover:bg-slate-50 dark:hover:bg-slate-800/40">
              <td className="px-4 py-3 font-medium">{t.name}</td>
              <td className="whitespace-nowrap px-4 py-3 font-mono text-slate-600 dark:text-slate-400">
                {masked(t)}
              </td>
              <td className="px-4 py-3">
                <Scope token={t} />
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-slate-600 dark:text-slate-400">
                {formatDate(t.createdAt)}
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-slate-600 dark:text-slate-400">
                {expires(t)}
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-slate-600 dark:text-slate-400">
                {lastUsed(t)}
              </td>
              <td className="px-4 py-2 text-right">
                <Revoke token={t} onRevoke={onRevoke} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="divide-y divide-slate-100 lg:hidden dark:divide-slate-800">
        {tokens.map((t) => (
          <li key={t.id} className="flex items-start justify-between gap-3 p-4" aria-label={t.name}>
            <div className="min-w-0">
              <p className="flex items-center gap-2 font-medium">
                <span className="truncate">{t.name}</span> <Scope token={t} />
              </p>
              <p className="mt-0.5 font-mono text-xs text-slate-500">{masked(t)}</p>
              <p className="mt-0.5 text-xs text-slate-500">
                Expires {expires(t)} · Last used {lastUsed(t)}
              </p>
            </div>
            <Revoke token={t} onRevoke={onRevoke} />
          </li>
        ))}
      </ul>
    </>
  );
}
