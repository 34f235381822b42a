import { Trash2 } from 'lucide-react';
import type { AccessToken } from '../../../../shared/access-token';
import { CredentialTable } from '../../../components/CredentialTable';
import { Badge } from '../../../components/StatusBadge';
import { Button } from '../../../components/ui/Button';
import { formatDate, formatDateTime } from '../../../lib/format';

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

const muted = 'whitespace-nowrap text-slate-600 dark:text-slate-400';

/** The account's access tokens, in the shared credential table. */
export function TokensTable({
  tokens,
  onRevoke,
}: {
  tokens: AccessToken[];
  onRevoke: (t: AccessToken) => void;
}) {
  return (
    <CredentialTable
      items={tokens}
      name={(t) => t.name}
      columns={[
        { header: 'Token', cell: masked, className: `${muted} font-mono` },
        { header: 'Scope', cell: (t) => <Scope token={t} /> },
        { header: 'Created', cell: (t) => formatDate(t.createdAt), className: muted },
        { header: 'Expires', cell: expires, className: muted },
        { header: 'Last used', cell: lastUsed, className: muted },
      ]}
      actions={(t) => <Revoke token={t} onRevoke={onRevoke} />}
      phone={{
        beside: (t) => <Scope token={t} />,
        lines: (t) => [
          <span className="font-mono">{masked(t)}</span>,
          `Expires ${expires(t)} · Last used ${lastUsed(t)}`,
        ],
      }}
    />
  );
}
