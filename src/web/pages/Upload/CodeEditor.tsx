import { useId } from 'react';
import { cn } from '../../components/ui/cn';
import { MAX_CODE_CHARS } from '../../../shared/limits';
import { formatNumber } from '../../lib/format';

const plural = (n: number, word: string) => `${formatNumber(n)} ${word}${n === 1 ? '' : 's'}`;

/** The large text area for pasted JSX, React or HTML, with a line and character count. */
export function CodeEditor({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string;
  onChange: (code: string) => void;
  error?: string;
  disabled?: boolean;
}) {
  const id = useId();
  const lines = value ? value.split('\n').length : 0;
  return (
    <div>
      <label
        htmlFor={id}
        className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300"
      >
        Your code
      </label>
      <textarea
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        // Code reads best unwrapped; long lines scroll sideways.
        wrap="off"
        rows={16}
        placeholder={
          'Paste the code your AI assistant gave you, for example:\n\nexport default function App() {\n  return <h1>Hello!</h1>;\n}'
        }
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-about${error ? ` ${id}-error` : ''}`}
        className={cn(
          'block min-h-72 w-full resize-y rounded-lg border bg-slate-950 p-4 font-mono text-[13px] leading-relaxed text-slate-100 shadow-inner placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 disabled:opacity-60',
          error ? 'border-red-500' : 'border-slate-300 dark:border-slate-700',
        )}
      />
      <div className="mt-1.5 flex flex-wrap items-start justify-between gap-x-4 gap-y-1 text-xs">
        {error && (
          <p id={`${id}-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        )}
        <p id={`${id}-about`} className="ml-auto text-slate-500">
          {value
            ? `${plural(lines, 'line')} · ${plural(value.length, 'character')}`
            : `JSX, React or HTML, up to ${formatNumber(MAX_CODE_CHARS)} characters`}
        </p>
      </div>
    </div>
  );
}
