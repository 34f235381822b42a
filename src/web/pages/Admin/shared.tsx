import { keepPreviousData } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { inputStyles } from '../../components/ui/Field';
import { cn } from '../../components/ui/cn';

/**
 * How a console list behind a search box is fetched. While a new search is on its way the
 * rows already shown stay where they are (the same elements, keyed by id), so a click on a
 * row's button as the answer lands still reaches that button instead of a list being swapped.
 */
export const searchListQuery = {
  retry: false,
  staleTime: 0,
  placeholderData: keepPreviousData,
} as const;

/** A search box that asks after typing pauses (the shared 300 ms debounce). */
export function SearchBox({
  label,
  placeholder,
  onSearch,
}: {
  label: string;
  placeholder: string;
  onSearch: (q: string) => void;
}) {
  const [text, setText] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => onSearch(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text, onSearch]);
  return (
    <div className="relative max-w-md">
      <Search
        className="pointer-events-none absolute left-3 top-2.5 h-4 w-4 text-slate-400"
        aria-hidden
      />
      <input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
        className={cn(inputStyles, 'border-slate-300 pl-9 dark:border-slate-700')}
      />
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="py-10 text-center text-sm text-slate-500">{children}</p>;
}

export const cellStyles = 'px-4 py-3 align-top';
export const headStyles =
  'border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500 dark:border-slate-800';
/** Columns only wide screens show; a phone keeps what is needed to act. */
export const wide = 'hidden md:table-cell';
