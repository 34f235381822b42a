import { useId } from 'react';
import { cn } from '../../components/ui/cn';
import { formatNumber } from '../../lib/format';

/** The large text area for pasted JSX, React or HTML. */
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
      <div className="mb-1.5 flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-300">
          Your code
        </label>
        <span className="text-xs text-slate-500">
          JSX, React or HTML
          {value && ` · ${formatNumber(lines)} lines · ${formatNumber(value.length)} characters`}
        </span>
      </div>
      <textarea
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        rows={16}
        placeholder={
          'Paste the code your AI assistant gave you, for example:\n\nexport default function App() {\n  return <h1>Hello!</h1>;\n}'
        }
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cn(
          'block min-h-72 w-full resize-y rounded-lg border bg-slate-950 p-4 font-mono text-[13px] leading-relaxed text-slate-100 shadow-inner placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 disabled:opacity-60',
          error ? 'border-red-500' : 'border-slate-300 dark:border-slate-700',
        )}
      />
      {error && (
        <p
          id={`${id}-error`}
          role="alert"
          className="mt-1.5 text-sm text-red-600 dark:text-red-400"
        >
          {error}
        </p>
      )}
    </div>
  );
}
