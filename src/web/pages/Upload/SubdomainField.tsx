import { CheckCircle2, Info } from 'lucide-react';
import { checkSubdomain } from '../../../shared/subdomain';
import { Field } from '../../components/ui/Field';
import { useSitesDomain } from '../../hooks/config';

/**
 * The site's address: the name the user picks, then the user-content domain. While typing it
 * says where the site will be, or which rule the name breaks, before anything is sent.
 */
export function SubdomainField({
  value,
  onChange,
  error,
  disabled,
  className,
  emptyHint = 'Lower-case letters, digits and hyphens, for example my-portfolio. Deploying again to a name you own updates that site.',
}: {
  /** What the field says before anything is typed. */
  emptyHint?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
  className?: string;
}) {
  const { domain } = useSitesDomain();
  const check = value.trim() ? checkSubdomain(value) : null;
  const hint = !check ? (
    emptyHint
  ) : check.ok ? (
    <span className="inline-flex items-start gap-1.5 text-green-700 dark:text-green-400">
      <CheckCircle2 className="mt-px h-3.5 w-3.5 shrink-0" aria-hidden />
      <span className="break-all">
        Your site will be at {check.subdomain}.{domain}
      </span>
    </span>
  ) : (
    <span className="inline-flex items-start gap-1.5 text-amber-700 dark:text-amber-400">
      <Info className="mt-px h-3.5 w-3.5 shrink-0" aria-hidden />
      <span>{check.message}</span>
    </span>
  );

  return (
    <div className={className}>
      <Field
        label="Subdomain"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        error={error}
        disabled={disabled}
        placeholder="my-site"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={63}
        trailing={
          <span className="pointer-events-none max-w-44 truncate pr-1 text-sm text-slate-500 dark:text-slate-400">
            .{domain}
          </span>
        }
        // Typed text stops where the domain suffix begins; both use the same font, so ch fits.
        style={{ paddingRight: `min(calc(${domain.length + 1}ch + 1.25rem), 12rem)` }}
        hint={hint}
      />
    </div>
  );
}
