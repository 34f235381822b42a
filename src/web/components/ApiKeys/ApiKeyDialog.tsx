import { Eye, EyeOff, KeyRound } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import {
  AI_PROVIDERS,
  AI_PROVIDER_LABELS,
  CreateApiKeyRequestSchema,
  UpdateApiKeyRequestSchema,
  type AiProvider,
  type ApiKey,
} from '../../../shared/api-key';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { Field, inputStyles } from '../ui/Field';
import { cn } from '../ui/cn';
import { KeyChoice } from './KeyChoice';

export interface ApiKeyFormValues {
  provider: AiProvider;
  keyName: string;
  apiKey: string;
  /** Asked only when the provider already has an active key: whether the new one takes over. */
  isActive?: boolean;
}

type Errors = Partial<Record<keyof ApiKeyFormValues, string>>;

/**
 * keyName required; apiKey required when adding, optional when editing.
 * The shared request shapes hold those rules, so the form and the server say the same thing.
 */
function validate(values: ApiKeyFormValues, editing: boolean): Errors {
  const schema = editing ? UpdateApiKeyRequestSchema : CreateApiKeyRequestSchema;
  const body = editing && !values.apiKey.trim() ? { ...values, apiKey: undefined } : values;
  const result = schema.safeParse(body);
  const errors: Errors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof ApiKeyFormValues;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Adding a key, or renaming / replacing one (its provider stays as it is). */
export function ApiKeyDialog({
  open,
  editing,
  keys,
  saving,
  onSave,
  onClose,
}: {
  open: boolean;
  /** The key being edited; none when adding. */
  editing: ApiKey | null;
  /** The account's keys: adding one for a provider with an active key asks which to use. */
  keys: ApiKey[];
  saving: boolean;
  onSave: (values: ApiKeyFormValues) => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={editing ? 'Edit API Key' : 'Add API Key'}
      icon={
        <span className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-100 text-brand-600 dark:bg-brand-900/40 dark:text-brand-300">
          <KeyRound className="h-5 w-5" aria-hidden />
        </span>
      }
    >
      {/* Mounted afresh on each opening, so the fields start from the key being edited. */}
      <ApiKeyForm
        editing={editing}
        keys={keys}
        saving={saving}
        onSave={onSave}
        onCancel={onClose}
      />
    </Dialog>
  );
}

function ApiKeyForm({
  editing,
  keys,
  saving,
  onSave,
  onCancel,
}: {
  editing: ApiKey | null;
  keys: ApiKey[];
  saving: boolean;
  onSave: (values: ApiKeyFormValues) => void;
  onCancel: () => void;
}) {
  const providerId = useId();
  const [values, setValues] = useState<ApiKeyFormValues>({
    provider: editing?.provider ?? 'CLAUDE',
    keyName: editing?.keyName ?? '',
    apiKey: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [shown, setShown] = useState(false);
  const [useNew, setUseNew] = useState(false);
  const activeKey = editing
    ? undefined
    : keys.find((k) => k.provider === values.provider && k.isActive);
  const set = (field: keyof ApiKeyFormValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validate(values, Boolean(editing));
    setErrors(found);
    if (Object.keys(found).length === 0) {
      onSave(activeKey ? { ...values, isActive: useNew } : values);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <div>
        <label
          htmlFor={providerId}
          className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300"
        >
          Provider
        </label>
        <select
          id={providerId}
          value={values.provider}
          disabled={Boolean(editing)}
          onChange={(e) => set('provider')(e.target.value)}
          className={cn(inputStyles, 'border-slate-300 dark:border-slate-700')}
        >
          {AI_PROVIDERS.map((p) => (
            <option key={p} value={p}>
              {AI_PROVIDER_LABELS[p]}
            </option>
          ))}
        </select>
        {editing && (
          <p className="mt-1.5 text-xs text-slate-500">
            A key stays with its provider. To use another provider, add a new key.
          </p>
        )}
      </div>
      <Field
        label="Key name"
        placeholder="My Claude key"
        value={values.keyName}
        error={errors.keyName}
        maxLength={100}
        onChange={(e) => set('keyName')(e.target.value)}
      />
      <Field
        label="API key"
        type={shown ? 'text' : 'password'}
        autoComplete="off"
        spellCheck={false}
        placeholder={editing ? `Current key ${editing.maskedKey}` : 'Paste your key'}
        value={values.apiKey}
        error={errors.apiKey}
        hint={
          editing
            ? 'Leave blank to keep the current key.'
            : 'Stored encrypted. It is never shown again in full.'
        }
        onChange={(e) => set('apiKey')(e.target.value)}
        trailing={
          <button
            type="button"
            onClick={() => setShown((s) => !s)}
            aria-label={shown ? 'Hide API key' : 'Show API key'}
            className="rounded p-1 text-slate-500 hover:text-slate-900 dark:hover:text-slate-100"
          >
            {shown ? (
              <EyeOff className="h-4 w-4" aria-hidden />
            ) : (
              <Eye className="h-4 w-4" aria-hidden />
            )}
          </button>
        }
      />
      {activeKey && (
        <KeyChoice
          legend={`Which ${AI_PROVIDER_LABELS[values.provider]} key should answer your sites?`}
          name="active-key"
          value={useNew ? 'new' : 'keep'}
          onChange={(v) => setUseNew(v === 'new')}
          options={[
            {
              value: 'keep',
              label: `Keep ${activeKey.keyName} (${activeKey.maskedKey})`,
              hint: 'The new key is stored switched off; switch it on whenever you like.',
            },
            {
              value: 'new',
              label: 'Use the new key',
              hint: `${activeKey.keyName} is switched off and kept.`,
            },
          ]}
        />
      )}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          {editing ? 'Save Changes' : 'Add Key'}
        </Button>
      </div>
    </form>
  );
}
