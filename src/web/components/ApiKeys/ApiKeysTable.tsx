import { FlaskConical, Pencil, Trash2 } from 'lucide-react';
import { AI_PROVIDER_LABELS, type ApiKey } from '../../../shared/api-key';
import { formatDateTime, formatNumber } from '../../lib/format';
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
    <div className="flex items-center justify-end gap-1">
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
    </div>
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

const th = 'whitespace-nowrap px-4 py-3 font-medium';

/** A table on wide screens, stacked cards on phones (like the dashboard's sites). */
export function ApiKeysTable({ keys, ...actions }: ApiKeyActions & { keys: ApiKey[] }) {
  return (
    <>
      <table className="hidden w-full text-left text-sm lg:table">
        <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500 dark:border-slate-800">
          <tr>
            <th scope="col" className={th}>
              Name
            </th>
            <th scope="col" className={th}>
              Provider
            </th>
            <th scope="col" className={th}>
              Key
            </th>
            <th scope="col" className={th}>
              Status
            </th>
            <th scope="col" className={th}>
              Last used
            </th>
            <th scope="col" className={`${th} text-right`}>
              Calls today
            </th>
            <th scope="col" className={`${th} text-right`}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {keys.map((key) => (
            <tr key={key.id} className="hover:bg-slate-50 dark:hover:bg-slate-800/40">
              <td className="px-4 py-3 font-medium">{key.keyName}</td>
              <td className="whitespace-nowrap px-4 py-3">{AI_PROVIDER_LABELS[key.provider]}</td>
              <td className="whitespace-nowrap px-4 py-3 font-mono text-slate-600 dark:text-slate-400">
                {key.maskedKey}
              </td>
              <td className="px-4 py-3">
                <Active apiKey={key} {...actions} />
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-slate-600 dark:text-slate-400">
                {lastUsed(key)}
              </td>
              <td className="px-4 py-3 text-right tabular-nums">{formatNumber(key.callsToday)}</td>
              <td className="px-4 py-2">
                <Actions apiKey={key} {...actions} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="divide-y divide-slate-100 lg:hidden dark:divide-slate-800">
        {keys.map((key) => (
          <li key={key.id} className="p-4" aria-label={key.keyName}>
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="truncate font-medium">{key.keyName}</p>
                <p className="mt-0.5 text-xs text-slate-500">
                  {AI_PROVIDER_LABELS[key.provider]} ·{' '}
                  <span className="font-mono">{key.maskedKey}</span>
                </p>
                <p className="mt-0.5 text-xs text-slate-500">
                  Last used {lastUsed(key)} · {formatNumber(key.callsToday)} calls today
                </p>
              </div>
              <Active apiKey={key} {...actions} />
            </div>
            <div className="mt-2">
              <Actions apiKey={key} {...actions} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
