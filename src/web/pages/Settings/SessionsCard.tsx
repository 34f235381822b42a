import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Monitor, Smartphone } from 'lucide-react';
import type { SessionInfo, SessionsResponse } from '../../../shared/account';
import { EVENTS, type UserUpdateEvent } from '../../../shared/events';
import { accountApi } from '../../api/account';
import { errorMessage } from '../../api/client';
import { ErrorBox } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { useRealtimeRoom } from '../../hooks/realtime';
import { useSession } from '../../hooks/session';
import { useToast } from '../../hooks/toasts';
import { formatDateTime } from '../../lib/format';
import { tokensKey } from './access-tokens/AccessTokensTab';

export const sessionsKey = ['account', 'sessions'] as const;

/** 'Just now', '5 minutes ago', '3 days ago': the server keeps it to about five minutes. */
export function lastUsedInWords(iso: string, now = Date.now()): string {
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000);
  if (minutes < 5) return 'Active now';
  if (minutes < 60) return `${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? 'day' : 'days'} ago`;
}

const isPhone = (device: string) => /iPhone|Android|iPad/.test(device);

function SessionRow({
  session,
  onEnd,
  ending,
}: {
  session: SessionInfo;
  onEnd: () => void;
  ending: boolean;
}) {
  const Icon = isPhone(session.device) ? Smartphone : Monitor;
  return (
    <li className="flex items-center gap-3 p-4" aria-label={session.device}>
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
        <Icon className="h-5 w-5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          {session.device}
          {session.current && (
            <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-700 dark:bg-emerald-900/40 dark:text-emerald-300">
              This device
            </span>
          )}
        </p>
        <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
          <span title={formatDateTime(session.lastUsedAt)}>
            {lastUsedInWords(session.lastUsedAt)}
          </span>
          <span className="hidden sm:inline"> · Signed in {formatDateTime(session.createdAt)}</span>
        </p>
      </div>
      {!session.current && (
        <Button variant="secondary" size="sm" onClick={onEnd} loading={ending}>
          Sign out
        </Button>
      )}
    </li>
  );
}

/** The list follows sessions ending anywhere (another device signing out, or another screen). */
function useLiveSessions() {
  const { user } = useSession();
  const client = useQueryClient();
  const refetch = () => void client.invalidateQueries({ queryKey: sessionsKey });
  useRealtimeRoom<UserUpdateEvent>(
    EVENTS.joinUser,
    user?.id,
    EVENTS.userUpdate,
    (e) => {
      if (e.type === 'sessions-changed') refetch();
    },
    // What ended while this screen was not listening.
    refetch,
  );
}

/** Where the account is signed in; any other browser or device can be signed out from here. */
export function SessionsCard() {
  const notify = useToast();
  const client = useQueryClient();
  const query = useQuery({ queryKey: sessionsKey, queryFn: accountApi.sessions, retry: false });
  useLiveSessions();
  const refresh = () => client.invalidateQueries({ queryKey: sessionsKey });
  const failed = (err: unknown) =>
    notify({ type: 'error', title: errorMessage(err, 'Failed to sign the session out') });
  const endOne = useMutation({
    mutationFn: accountApi.endSession,
    onSuccess: (_res, id) => {
      // Gone from the list at once; the refetch after only confirms it.
      client.setQueryData<SessionsResponse>(sessionsKey, (list) =>
        list ? { ...list, sessions: list.sessions.filter((s) => s.id !== id) } : list,
      );
      notify({ type: 'success', title: 'Session signed out' });
    },
    onError: failed,
    onSettled: refresh,
  });
  const endOthers = useMutation({
    mutationFn: accountApi.endOtherSessions,
    onSuccess: (res) =>
      notify({
        type: 'success',
        title: endedInWords(res) ?? 'Nothing else was signed in',
      }),
    onError: failed,
    onSettled: () => {
      void refresh();
      // The access tokens went too: their tab must not list them.
      void client.invalidateQueries({ queryKey: tokensKey });
    },
  });

  const sessions = query.data?.sessions ?? [];
  return (
    <section className="max-w-2xl space-y-3" aria-labelledby="sessions-title">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="sessions-title" className="font-semibold">
            Sessions
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Browsers and devices signed in to your account. Signing out everywhere else also revokes
            your access tokens: scripts and tools using them will need new ones.
          </p>
        </div>
        {query.isSuccess && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => endOthers.mutate()}
            loading={endOthers.isPending}
          >
            Sign out everywhere else
          </Button>
        )}
      </div>
      {query.isPending ? (
        <Spinner label="Loading..." />
      ) : query.isError ? (
        <ErrorBox>{errorMessage(query.error, 'Failed to load your sessions')}</ErrorBox>
      ) : (
        <Card>
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {sessions.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                ending={endOne.isPending && endOne.variables === session.id}
                onEnd={() => endOne.mutate(session.id)}
              />
            ))}
          </ul>
        </Card>
      )}
    </section>
  );
}

/** 'Signed out of 1 other session and revoked 2 access tokens.', or nothing when nothing ended. */
export function endedInWords(res: { endedSessions: number; revokedTokens: number }) {
  const parts = [
    res.endedSessions > 0 &&
      `signed out of ${res.endedSessions} other ${res.endedSessions === 1 ? 'session' : 'sessions'}`,
    res.revokedTokens > 0 &&
      `revoked ${res.revokedTokens} access ${res.revokedTokens === 1 ? 'token' : 'tokens'}`,
  ].filter((p): p is string => Boolean(p));
  if (!parts.length) return undefined;
  const text = parts.join(' and ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}
