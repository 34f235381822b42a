import type { ReactNode } from 'react';
import { cn } from './ui/cn';

export interface CredentialColumn<T> {
  header: string;
  cell: (item: T) => ReactNode;
  /** Classes of the column's cells beside the shared padding. */
  className?: string;
  align?: 'right';
}

interface CredentialTableProps<T extends { id: string }> {
  items: T[];
  name: (item: T) => string;
  /** The wide screen's columns after the name. */
  columns: CredentialColumn<T>[];
  /** The row's buttons: the last column on a wide screen. */
  actions: (item: T) => ReactNode;
  /** On a phone each row is a card: what sits beside the name and the lines under it. */
  phone: {
    beside?: (item: T) => ReactNode;
    lines: (item: T) => ReactNode[];
    /** At the card's right; the actions then go under the card instead. */
    aside?: (item: T) => ReactNode;
  };
}

const th = 'whitespace-nowrap px-4 py-3 font-medium';

/**
 * Secrets the person holds (AI provider keys, access tokens): a table on wide screens,
 * stacked cards on phones. Each kind says which columns it has; the frame is shared.
 */
export function CredentialTable<T extends { id: string }>({
  items,
  name,
  columns,
  actions,
  phone,
}: CredentialTableProps<T>) {
  // The table or the cards are chosen by the width the list is given (a page with a sidebar
  // gives less than Settings does), not by the window's; a table still too wide scrolls
  // rather than being cut off.
  return (
    <div className="@container">
      <div className="hidden overflow-x-auto @[52rem]:block">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500 dark:border-slate-800">
            <tr>
              <th scope="col" className={th}>
                Name
              </th>
              {columns.map((c) => (
                <th
                  key={c.header}
                  scope="col"
                  className={cn(th, c.align === 'right' && 'text-right')}
                >
                  {c.header}
                </th>
              ))}
              <th scope="col" className={`${th} text-right`}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {items.map((item) => (
              <tr key={item.id} className="hover:bg-slate-50 dark:hover:bg-slate-800/40">
                <td className="max-w-[14rem] break-words px-4 py-3 font-medium">{name(item)}</td>
                {columns.map((c) => (
                  <td
                    key={c.header}
                    className={cn('px-4 py-3', c.align === 'right' && 'text-right', c.className)}
                  >
                    {c.cell(item)}
                  </td>
                ))}
                <td className="px-4 py-2">
                  <div className="flex items-center justify-end gap-1">{actions(item)}</div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="divide-y divide-slate-100 @[52rem]:hidden dark:divide-slate-800">
        {items.map((item) => (
          <li key={item.id} className="p-4" aria-label={name(item)}>
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="flex items-center gap-2 font-medium">
                  <span className="truncate">{name(item)}</span> {phone.beside?.(item)}
                </p>
                {phone.lines(item).map((line, i) => (
                  <p key={i} className="mt-0.5 text-xs text-slate-500">
                    {line}
                  </p>
                ))}
              </div>
              {phone.aside ? (
                phone.aside(item)
              ) : (
                <div className="flex shrink-0 items-center gap-1">{actions(item)}</div>
              )}
            </div>
            {phone.aside && (
              <div className="mt-2 flex items-center justify-end gap-1">{actions(item)}</div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
