import { useSitesDomain } from '../Examples/useDemoUrl';
import { Field } from '../../components/ui/Field';

/** The site's address: the name the user picks, then the user-content domain. */
export function SubdomainField({
  value,
  onChange,
  error,
  disabled,
  className,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
  className?: string;
}) {
  const { domain } = useSitesDomain();
  const preview = value.trim().toLowerCase();
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
          <span className="pointer-events-none max-w-48 truncate pr-1 text-sm text-slate-500">
            .{domain}
          </span>
        }
        className="[&_input]:pr-44"
        hint={
          preview
            ? `Your site will be at ${preview}.${domain}`
            : 'Letters, digits and hyphens. Deploying again to a name you own updates that site.'
        }
      />
    </div>
  );
}
