import { CheckCircle2, Plus, X, XCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { AI_PROVIDER_LABELS, type ApiKey } from '../../../shared/api-key';
import { ApiRequestError } from '../../api/client';
import { useApiKeyChanges, useApiKeys } from '../../hooks/apiKeys';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { Spinner } from '../ui/Spinner';
import { cn } from '../ui/cn';
import { ApiKeyDialog, type ApiKeyFormValues } from './ApiKeyDialog';
import { ApiKeysTable } from './ApiKeysTable';
import { DeleteKeyDialog } from './DeleteKeyDialog';

type Notice = { tone: 'good' | 'bad'; text: string };

/** The server's own words for a refused request; none for a crash or no answer. */
function serverText(err: unknown): string | null {
  return err instanceof ApiRequestError && err.status !== 500 && err.status !== 0
    ? err.message
    : null;
}

// The standalone page and the Settings tab word their failures differently.
const MESSAGES = {
  page: {
    fetch: () => 'Failed to fetch API keys',
    save: (err: unknown, editing: boolean) => {
      const base = editing ? 'Failed to save API key' : 'Failed to add API key';
      const text = serverText(err);
      return text ? `${base}: ${text}` : base;
    },
  },
  settings: {
    fetch: () => 'Failed to fetch API keys',
    save: (err: unknown) => serverText(err) ?? 'Failed to save API key',
  },
} as const;

function NoticeBox({ notice, onDismiss }: { notice: Notice; onDismiss?: () => void }) {
  const good = notice.tone === 'good';
  const Icon = good ? CheckCircle2 : XCircle;
  return (
    <div
      role={good ? 'status' : 'alert'}
      className={cn(
        'flex items-start gap-2 rounded-lg border px-3 py-2.5 text-sm',
        good
          ? 'border-green-200 bg-green-50 text-green-800 dark:border-green-900 dark:bg-green-950/50 dark:text-green-300'
          : 'border-red-200 bg-red-50 text-red-700 dark:border-red-900 dark:bg-red-950/50 dark:text-red-300',
      )}
    >
      <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <p className="flex-1 break-words">{notice.text}</p>
      {onDismiss && (
        <button type="button" onClick={onDismiss} aria-label="Dismiss" className="opacity-70">
          <X className="h-4 w-4" aria-hidden />
        </button>
      )}
    </div>
  );
}

/**
 * Adding, testing, switching, editing and deleting the signed-in user's AI keys. The /api-keys
 * page and the Settings tab both show this; `wording` picks their messages.
 */
export function ApiKeysManager({
  wording,
  header,
}: {
  wording: keyof typeof MESSAGES;
  /** Shown beside the Add button. */
  header?: ReactNode;
}) {
  const keys = useApiKeys();
  const changes = useApiKeyChanges();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [dialog, setDialog] = useState<{ editing: ApiKey | null } | null>(null);
  const [deleting, setDeleting] = useState<ApiKey | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const messages = MESSAGES[wording];
  const bad = (text: string) => setNotice({ tone: 'bad', text });

  const save = ({ provider, keyName, apiKey, isActive }: ApiKeyFormValues) => {
    const editing = dialog?.editing ?? null;
    const done = {
      onSuccess: () => setDialog(null),
      onError: (err: unknown) => bad(messages.save(err, Boolean(editing))),
    };
    setNotice(null);
    if (editing) {
      changes.update.mutate(
        { id: editing.id, body: { keyName, ...(apiKey.trim() ? { apiKey } : {}) } },
        done,
      );
    } else {
      changes.create.mutate({ provider, keyName, apiKey, isActive }, done);
    }
  };

  const test = (key: ApiKey) => {
    setNotice(null);
    setBusyId(key.id);
    changes.test.mutate(key.id, {
      onSuccess: (r) =>
        setNotice(
          r.isValid
            ? {
                tone: 'good',
                text: `${key.keyName} is valid${r.model ? ` (model: ${r.model})` : ''}.`,
              }
            : {
                tone: 'bad',
                text: `${key.keyName} is invalid: ${r.error ?? 'the provider refused it'}`,
              },
        ),
      onError: () => bad('Failed to test API key'),
      onSettled: () => setBusyId(null),
    });
  };

  const activate = (key: ApiKey, isActive: boolean) => {
    setNotice(null);
    setBusyId(key.id);
    changes.update.mutate(
      { id: key.id, body: { keyName: key.keyName, isActive } },
      {
        onError: (err) => bad(messages.save(err, true)),
        onSettled: () => setBusyId(null),
      },
    );
  };

  const list = keys.data ?? [];
  const confirmDelete = (activate: string | undefined) => {
    if (!deleting) return;
    setNotice(null);
    changes.remove.mutate(
      { id: deleting.id, activate },
      {
        onSuccess: ({ activated }) => {
          if (activated) {
            setNotice({
              tone: 'good',
              text: `${activated.keyName} now answers your sites' ${AI_PROVIDER_LABELS[activated.provider]} calls.`,
            });
          }
        },
        onError: () => bad('Failed to delete API key'),
        onSettled: () => setDeleting(null),
      },
    );
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">{header}</div>
        <Button onClick={() => setDialog({ editing: null })} className="shrink-0">
          <Plus className="h-4 w-4" aria-hidden /> Add API Key
        </Button>
      </div>
      {notice && <NoticeBox notice={notice} onDismiss={() => setNotice(null)} />}
      <Card className="overflow-hidden">
        {keys.isPending ? (
          <div className="flex justify-center py-12">
            <Spinner label="Loading API keys..." />
          </div>
        ) : keys.isError ? (
          <div className="p-5">
            <NoticeBox notice={{ tone: 'bad', text: messages.fetch() }} />
          </div>
        ) : list.length === 0 ? (
          <div className="px-6 py-12 text-center">
            <h3 className="text-lg font-semibold">No API keys yet</h3>
            <p className="mx-auto mt-1 max-w-sm text-sm text-slate-600 dark:text-slate-400">
              Add a Claude, Gemini or OpenAI key so the AI features of your deployed artifacts
              answer your visitors.
            </p>
          </div>
        ) : (
          <ApiKeysTable
            keys={list}
            busyId={busyId}
            onTest={test}
            onEdit={(key) => setDialog({ editing: key })}
            onDelete={setDeleting}
            onActivate={activate}
          />
        )}
      </Card>

      <ApiKeyDialog
        open={dialog !== null}
        editing={dialog?.editing ?? null}
        keys={list}
        saving={changes.create.isPending || changes.update.isPending}
        onSave={save}
        onClose={() => setDialog(null)}
      />
      <DeleteKeyDialog
        deleting={deleting}
        keys={list}
        busy={changes.remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
