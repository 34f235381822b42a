import { useId, useState, type FormEvent } from 'react';
import {
  ACCESS_TOKEN_EXPIRIES,
  type AccessTokenScope,
  type CreateAccessTokenRequest,
} from '../../../../shared/access-token';
import { Button } from '../../../components/ui/Button';
import { Field, inputStyles } from '../../../components/ui/Field';
import { cn } from '../../../components/ui/cn';

const selectStyles = cn(inputStyles, 'border-slate-300 dark:border-slate-700');
const label = 'mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300';

export function CreateTokenForm({
  busy,
  onCreate,
}: {
  busy: boolean;
  onCreate: (body: CreateAccessTokenRequest) => void;
}) {
  const [name, setName] = useState('');
  const [scope, setScope] = useState<AccessTokenScope>('deploy');
  const [expiry, setExpiry] = useState('90');
  const [error, setError] = useState<string | null>(null);
  const scopeId = useId();
  const expiryId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError('Token name is required');
    setError(null);
    onCreate({
      name: name.trim(),
      scope,
      expiresInDays: expiry === 'never' ? null : (Number(expiry) as 7 | 30 | 90 | 365),
    });
    setName('');
  };
  return (
    <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-[1fr_10rem_10rem_auto]">
      <Field
        label="Name"
        placeholder="e.g. laptop CLI"
        value={name}
        maxLength={100}
        error={error}
        onChange={(e) => setName(e.target.value)}
      />
      <div>
        <label htmlFor={scopeId} className={label}>
          Scope
        </label>
        <select
          id={scopeId}
          value={scope}
          onChange={(e) => setScope(e.target.value as AccessTokenScope)}
          className={selectStyles}
        >
          <option value="deploy">Deploy</option>
          <option value="read">Read only</option>
        </select>
      </div>
      <div>
        <label htmlFor={expiryId} className={label}>
          Expires
        </label>
        <select
          id={expiryId}
          value={expiry}
          onChange={(e) => setExpiry(e.target.value)}
          className={selectStyles}
        >
          {ACCESS_TOKEN_EXPIRIES.map((d) => (
            <option key={d} value={String(d)}>
              in {d} days
            </option>
          ))}
          <option value="never">Never</option>
        </select>
      </div>
      <div className="sm:pt-[1.625rem]">
        <Button type="submit" loading={busy} className="w-full sm:w-auto">
          Create token
        </Button>
      </div>
    </form>
  );
}
