import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { AdminConversation } from '../../../shared/support';
import { errorMessage } from '../../api/client';
import { deskApi } from '../../api/support';
import { Badge } from '../../components/StatusBadge';
import { Composer } from '../../components/Support/Composer';
import { MessageList } from '../../components/Support/MessageList';
import { ErrorBox } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { cn } from '../../components/ui/cn';
import { useSession } from '../../hooks/session';
import { useSupportDesk } from '../../hooks/support';
import { formatDateTime } from '../../lib/format';
import { Empty } from './shared';

function Line({
  c,
  selected,
  onOpen,
}: {
  c: AdminConversation;
  selected: boolean;
  onOpen: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onOpen}
      data-conversation={c.id}
      aria-current={selected ? 'true' : undefined}
      className={cn(
        'w-full rounded-lg border px-3 py-2 text-left text-sm',
        selected
          ? 'border-brand-500 bg-brand-50 dark:border-brand-400 dark:bg-slate-800'
          : 'border-slate-200 hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-900',
      )}
    >
      <div className="flex flex-wrap items-center gap-1.5">
        <span className="min-w-0 break-all font-medium">{c.user.email}</span>
        {c.unread > 0 && (
          <Badge tone="red" className="ml-auto">
            {c.unread} unread
          </Badge>
        )}
      </div>
      <div className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-slate-500">
        <Badge tone={c.kind === 'ticket' ? 'gray' : 'blue'}>
          {c.kind === 'ticket' ? 'Contact form' : 'Chat'}
        </Badge>
        {c.plan && c.plan !== 'FREE' && <Badge tone="green">{c.plan}</Badge>}
        {c.status === 'CLOSED' && <Badge tone="gray">closed</Badge>}
        <span>{c.reference}</span>
        {c.assignedTo && <span>· {c.assignedTo.email}</span>}
      </div>
      {c.subject && <p className="mt-1 truncate text-xs">{c.subject}</p>}
    </button>
  );
}

/**
 * The Support tab: every conversation (chats and contact-form tickets), paying customers
 * first, live through the operators' desk room; the open one on the right.
 */
export function SupportTab() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const openId = params.get('conversation');
  const { list, open, refresh } = useSupportDesk(openId);
  const select = (id: string) => setParams({ tab: 'support', conversation: id }, { replace: true });
  const act = useMutation({
    mutationFn: (run: () => Promise<unknown>) => run(),
    onSuccess: refresh,
  });
  const c = open.data?.conversation;

  return (
    <div className="grid gap-4 lg:grid-cols-[20rem_1fr]">
      <div className="space-y-2">
        {list.isPending && <Spinner label="Loading conversations..." />}
        {list.isError && (
          <ErrorBox>{errorMessage(list.error, 'Failed to load conversations')}</ErrorBox>
        )}
        {list.data?.conversations.length === 0 && <Empty>No conversations yet.</Empty>}
        <ul className="space-y-2" aria-label="Conversations">
          {list.data?.conversations.map((line) => (
            <li key={line.id}>
              <Line c={line} selected={line.id === openId} onOpen={() => select(line.id)} />
            </li>
          ))}
        </ul>
      </div>
      <Card className="flex min-h-80 flex-col p-4">
        {!openId && <Empty>Open a conversation to read and answer it.</Empty>}
        {open.isPending && openId && <Spinner label="Loading the conversation..." />}
        {open.isError && (
          <ErrorBox>{errorMessage(open.error, 'Failed to load the conversation')}</ErrorBox>
        )}
        {c && (
          <>
            <div className="flex flex-wrap items-start justify-between gap-2 border-b border-slate-200 pb-3 dark:border-slate-800">
              <div className="min-w-0">
                <h2 className="break-all font-semibold">
                  {c.user.name ? `${c.user.name} · ` : ''}
                  {c.user.email}
                </h2>
                <p className="text-xs text-slate-500">
                  {c.kind === 'ticket' ? 'Contact form' : 'Chat'} · {c.reference}
                  {c.plan ? ` · ${c.plan}` : ''} · since {formatDateTime(c.createdAt)}
                  {c.assignedTo ? ` · assigned to ${c.assignedTo.email}` : ' · unassigned'}
                </p>
                {c.subject && <p className="mt-1 text-sm font-medium">{c.subject}</p>}
              </div>
              <div className="flex shrink-0 gap-2">
                {c.assignedTo?.id === user?.id ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => act.mutate(() => deskApi.assign(c.id, null))}
                  >
                    Unassign
                  </Button>
                ) : (
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => act.mutate(() => deskApi.assign(c.id))}
                  >
                    Assign to me
                  </Button>
                )}
                {c.status === 'OPEN' ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => act.mutate(() => deskApi.close(c.id))}
                  >
                    Close
                  </Button>
                ) : (
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => act.mutate(() => deskApi.reopen(c.id))}
                  >
                    Reopen
                  </Button>
                )}
              </div>
            </div>
            {act.isError && <ErrorBox>{errorMessage(act.error, 'That did not work')}</ErrorBox>}
            <div className="max-h-[28rem] flex-1 overflow-y-auto py-3">
              <MessageList messages={c.messages} mine="operator" empty="No messages yet." />
            </div>
            <div className="border-t border-slate-200 pt-3 dark:border-slate-800">
              {c.kind === 'ticket' && (
                <p className="mb-2 text-xs text-slate-500">
                  Your answer is e-mailed to {c.user.email}.
                </p>
              )}
              <Composer
                attach={c.kind === 'chat' ? (file) => deskApi.attach(c.id, file) : undefined}
                send={async (input) => {
                  await deskApi.answer(c.id, input);
                  refresh();
                }}
                placeholder="Answer..."
              />
            </div>
          </>
        )}
      </Card>
    </div>
  );
}
