import { cn } from '../ui/cn';

export interface KeyOption {
  /** What is sent when this option is picked. */
  value: string;
  label: string;
  hint?: string;
}

/**
 * Which key answers a provider's calls, asked wherever a change would otherwise decide it
 * for the person: adding a second key, deleting the active one.
 */
export function KeyChoice({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: KeyOption[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300">
        {legend}
      </legend>
      <div className="grid gap-2">
        {options.map((o) => (
          <label
            key={o.value}
            className={cn(
              'flex cursor-pointer items-start gap-2 rounded-lg border px-3 py-2 text-sm',
              value === o.value
                ? 'border-brand-500 bg-brand-50 dark:bg-brand-900/30'
                : 'border-slate-300 dark:border-slate-700',
            )}
          >
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              className="mt-0.5"
            />
            <span className="min-w-0">
              <span className="block break-words">{o.label}</span>
              {o.hint && <span className="block text-xs text-slate-500">{o.hint}</span>}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
