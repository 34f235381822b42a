import { LifeBuoy, X } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation, useSearchParams } from 'react-router';
import { awayNotice, supportIsOpen } from '../../../shared/support';
import { errorMessage } from '../../api/client';
import { supportApi } from '../../api/support';
import { useSession } from '../../hooks/session';
import { useSupportChat } from '../../hooks/support';
import { ErrorBox } from '../ui/Alert';
import { Spinner } from '../ui/Spinner';
import { Composer } from './Composer';
import { MessageList } from './MessageList';

/** `?support=open` opens the chat: the e-mailed answer's link and /contact's 'In-App Support'. */
export const OPEN_SUPPORT_PARAM = 'support';

/** The app's screens (not the public pages, not the operators' console) carry the chat. */
const APP_SCREENS = /^\/(dashboard|sites|analytics|deployments|settings|api-keys|upload)(\/|$)/;

/** Root layout: every screen, and the chat beside the app's screens. */
export function WithSupportChat() {
  const { pathname } = useLocation();
  return (
    <>
      <Outlet />
      {APP_SCREENS.test(pathname) && <SupportWidget />}
    </>
  );
}

/**
 * The in-app support chat on every signed-in screen: a button at the bottom right that opens
 * the person's one conversation with support. Guests have no address to be answered at, so
 * they are pointed to the contact form by the server's refusal instead.
 */
export function SupportWidget() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(params.get(OPEN_SUPPORT_PARAM) === 'open');
  /** Once opened, the conversation is fetched and kept, closed or not. */
  const [opened, setOpened] = useState(open);
  useEffect(() => {
    if (open) setOpened(true);
  }, [open]);
  const [unread, setUnread] = useState(0);
  const onAnswer = useCallback(() => {
    if (!open) setUnread((n) => n + 1);
  }, [open]);
  const { chat, send } = useSupportChat(user && !user.isGuest ? user.id : null, opened, onAnswer);

  useEffect(() => {
    if (params.get(OPEN_SUPPORT_PARAM) !== 'open') return;
    setOpen(true);
    const next = new URLSearchParams(params);
    next.delete(OPEN_SUPPORT_PARAM);
    setParams(next, { replace: true });
  }, [params, setParams]);

  if (!user || user.isGuest) return null;
  const away = !supportIsOpen(new Date());

  if (!open) {
    return (
      <button
        type="button"
        onClick={() => {
          setOpen(true);
          setUnread(0);
        }}
        aria-label={unread ? `Support chat, ${unread} new` : 'Support chat'}
        className="fixed bottom-4 right-4 z-40 inline-flex items-center gap-2 rounded-full bg-brand-600 px-4 py-3 text-sm font-semibold text-white shadow-lg hover:bg-brand-700 focus:outline-none focus:ring-4 focus:ring-brand-500/40"
      >
        <LifeBuoy className="h-5 w-5" aria-hidden />
        <span className="hidden sm:inline">Support</span>
        {unread > 0 && (
          <span className="rounded-full bg-white px-1.5 text-xs font-bold text-brand-700">
            {unread}
          </span>
        )}
      </button>
    );
  }

  return (
    <section
      role="dialog"
      aria-label="Support chat"
      className="fixed inset-x-2 bottom-2 z-40 flex max-h-[80vh] flex-col rounded-2xl border border-slate-200 bg-white shadow-2xl dark:border-slate-700 dark:bg-slate-900 sm:inset-x-auto sm:right-4 sm:bottom-4 sm:w-96"
    >
      <header className="flex items-start justify-between gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-700">
        <div>
          <h2 className="font-semibold">Support</h2>
          <p className="text-xs text-slate-500">
            {away ? 'Away right now' : 'We are here: 9 AM to 6 PM Pacific, Monday to Friday'}
            {chat.data && ` · ${chat.data.conversation.reference}`}
          </p>
        </div>
        <button
          type="button"
          aria-label="Close the support chat"
          onClick={() => setOpen(false)}
          className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          <X className="h-5 w-5" aria-hidden />
        </button>
      </header>
      {away && (
        <p
          data-testid="support-away"
          className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-xs text-amber-900 dark:border-amber-900/50 dark:bg-amber-950/40 dark:text-amber-200"
        >
          {awayNotice(new Date())}
        </p>
      )}
      <div className="min-h-40 flex-1 overflow-y-auto px-4 py-3">
        {chat.isPending && <Spinner label="Loading your conversation..." />}
        {chat.isError && (
          <ErrorBox>{errorMessage(chat.error, 'Your conversation could not be loaded.')}</ErrorBox>
        )}
        {chat.data && (
          <MessageList
            messages={chat.data.conversation.messages}
            mine="user"
            empty="Ask us anything: a person on our team reads every message."
          />
        )}
      </div>
      <div className="border-t border-slate-200 px-4 py-3 dark:border-slate-700">
        <Composer
          attach={(file) => supportApi.attach(file)}
          send={(input) => send.mutateAsync(input)}
          placeholder="Write to support..."
        />
      </div>
    </section>
  );
}
