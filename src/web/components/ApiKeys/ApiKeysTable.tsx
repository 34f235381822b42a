import { FlaskConical, Pencil, Trash2 } from 'lucide-react';
import { AI_PROVIDER_LABELS, type ApiKey } from '../../../shared/api-key';
import { formatDateTime, formatNumber } from '../../lib/format';
import { CredentialTable } from '../CredentialTable';
import { Badge } from '../StatusBadge';
import { Button } from '../ui/Button';
import { Switch } from '../ui/Switch';

export interface ApiKeyActions {
  onTest: (key: ApiKey) => void;
  onEdit: (key: ApiKey) => void;
  onDelete: (key: ApiKey) => void;
  onActivate: (key: ApiKey, active: boolean) => void;
  /** The key whose test or switch request is running. */
  busyId: string | null;
}

function Actions({ apiKey, onTest, onEdit, onDelete, busyId }: ApiKeyActions & { apiKey: ApiKey }) {
  const name = apiKey.keyName;
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Test ${name}`}
        loading={busyId === apiKey.id}
        onClick={() => onTest(apiKey)}
      >
        {busyId !== apiKey.id && <FlaskConical className="h-4 w-4" aria-hidden />} Test
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Edit ${name}`}
        title="Edit"
        onClick={() => onEdit(apiKey)}
      >
        <Pencil className="h-4 w-4" aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Delete ${name}`}
        title="Delete"
        className="text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/50"
        onClick={() => onDelete(apiKey)}
      >
        <Trash2 className="h-4 w-4" aria-hidden />
      </Button>
    </>
  );
}

function Active({ apiKey, onActivate, busyId }: ApiKeyActions & { apiKey: ApiKey }) {
  return (
    <span className="inline-flex items-center gap-2">
      <Switch
        checked={apiKey.isActive}
        label={`${apiKey.keyName} active`}
        disabled={busyId === apiKey.id}
        onChange={(on) => onActivate(apiKey, on)}
      />
      <Badge tone={apiKey.isActive ? 'green' : 'gray'}>
        {apiKey.isActive ? 'Active' : 'Inactive'}
      </Badge>
    </span>
  );
}

function lastUsed(key: ApiKey): string {
  return key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'Never';
}

const muted = 'whitespace-nowrap text-slate-600 dark:text-slate-400';

/** The account's AI provider keys, in the shared credential table. */
export function ApiKeysTable({ keys, ...actions }: ApiKeyActions & { keys: ApiKey[] }) {
  return (
    <CredentialTable
      items={keys}
      name={(key) => key.keyName}
      columns={[
        {
          header: 'Provider',
          cell: (key) => AI_PROVIDER_LABELS[key.provider],
          className: 'whitespace-nowrap',
        },
        { header: 'Key', cell: (key) => key.maskedKey, className: `${muted} font-mono` },
        { header: 'Status', cell: (key) => <Active apiKey={key} {...actions} /> },
        // A date and time may take two lines: the row then still fits beside the page's sidebar.
        {
          header: 'Last used',
          cell: lastUsed,
          className: 'min-w-[7rem] text-slate-600 dark:text-slate-400',
        },
        {
          header: 'Calls today',
          cell: (key) => formatNumber(key.callsToday),
          align: 'right',
          className: 'tabular-nums',
        },
      ]}
      actions={(key) => <Actions apiKey={key} {...actions} />}
      phone={{
        lines: (key) => [
          <>
            {AI_PROVIDER_LABELS[key.provider]} · <span className="font-mono">{key.maskedKey}</span>
          </>,
          `Last used ${lastUsed(key)} · ${formatNumber(key.callsToday)} calls today`,
        ],
        aside: (key) => <Active apiKey={key} {...actions} />,
      }}
    />
  );
}
