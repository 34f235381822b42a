import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from './cn';

export const inputStyles =
  'block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 disabled:cursor-not-allowed disabled:opacity-60 dark:bg-slate-900 dark:text-slate-100';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  trailing?: ReactNode;
}

/** A labelled input; an error turns the border red and is announced to screen readers. */
export function Field({ label, error, hint, trailing, className, id, ...props }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const messageId = `${inputId}-message`;
  return (
    <div className={className}>
      <label
        htmlFor={inputId}
        className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300"
      >
        {label}
      </label>
      <div className="relative">
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? messageId : undefined}
          className={cn(
            inputStyles,
            error ? 'border-red-500 dark:border-red-500' : 'border-slate-300 dark:border-slate-700',
            trailing ? 'pr-10' : '',
          )}
          {...props}
        />
        {trailing && (
          <div className="absolute inset-y-0 right-0 flex items-center pr-2">{trailing}</div>
        )}
      </div>
      {(error || hint) && (
        <p
          id={messageId}
          className={cn(
            'mt-1.5 text-xs',
            error ? 'text-red-600 dark:text-red-400' : 'text-slate-500',
          )}
        >
          {error || hint}
        </p>
      )}
    </div>
  );
}
