import { useEffect, useRef } from 'react';
import type { SupportMessage } from '../../../shared/support';
import { formatDateTime } from '../../lib/format';
import { cn } from '../ui/cn';
import { Screenshot } from './Screenshot';

/**
 * A conversation's messages, oldest first, scrolled to the newest. `mine` says which side
 * is reading: their own messages sit on the right.
 */
export function MessageList({
  messages,
  mine,
  empty,
}: {
  messages: SupportMessage[];
  mine: 'user' | 'operator';
  empty: string;
}) {
  const end = useRef<HTMLLIElement>(null);
  // Braces: newer browsers return a promise from scrollIntoView, and an effect may return
  // only its clean-up.
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [messages.length]);
  if (messages.length === 0) {
    return <p className="px-2 py-6 text-center text-sm text-slate-500">{empty}</p>;
  }
  return (
    <ol className="list-none space-y-3" aria-label="Messages">
      {messages.map((m) => {
        const own = m.from === mine;
        return (
          <li
            key={m.id}
            data-from={m.from}
            className={cn('flex flex-col', own ? 'items-end' : 'items-start')}
          >
            <div
              className={cn(
                'max-w-[85%] space-y-2 rounded-2xl px-3 py-2 text-sm',
                own
                  ? 'bg-brand-600 text-white'
                  : 'bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100',
              )}
            >
              {m.body && <p className="whitespace-pre-wrap break-words">{m.body}</p>}
              {m.attachment && <Screenshot attachment={m.attachment} />}
            </div>
            <span className="mt-1 text-[11px] text-slate-500">
              {m.from === 'operator' ? 'Support' : mine === 'user' ? 'You' : 'Customer'}
              {' · '}
              {formatDateTime(m.createdAt)}
            </span>
          </li>
        );
      })}
      <li ref={end} aria-hidden className="h-0 list-none" />
    </ol>
  );
}
