import { useState, type FormEvent } from 'react';
import { ChangeEmailRequestSchema } from '../../../shared/email-verification';
import { UpdateProfileRequestSchema } from '../../../shared/user';
import { authApi } from '../../api/auth';
import { errorMessage } from '../../api/client';
import { emailApi } from '../../api/email';
import { SuccessBox } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { useSession } from '../../hooks/session';
import { useToast } from '../../hooks/toasts';

/** The name, and the e-mail address (changed by a link sent to the new one). */
export function ProfileTab() {
  const { user, refresh } = useSession();
  const notify = useToast();
  const [name, setName] = useState(user?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  if (!user) return null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = UpdateProfileRequestSchema.safeParse({ name });
    if (!parsed.success)
      return setError(parsed.error.issues[0]?.message ?? 'Please enter your name');
    setError(null);
    setSaving(true);
    try {
      await authApi.updateProfile(parsed.data);
      await refresh();
      notify({ type: 'success', title: 'Profile saved' });
    } catch (err) {
      setError(errorMessage(err, 'Failed to save your profile'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="max-w-md space-y-10">
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field
          label="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={error ?? undefined}
          autoComplete="name"
        />
        <Field
          label="Email"
          type="email"
          value={user.email}
          disabled
          hint={
            user.emailVerified
              ? 'Confirmed. To use another address, change it below.'
              : 'Not confirmed yet: open the link we sent to it.'
          }
          readOnly
        />
        <Button type="submit" loading={saving}>
          Save Changes
        </Button>
      </form>
      <ChangeEmailForm current={user.email} />
    </div>
  );
}

function ChangeEmailForm({ current }: { current: string }) {
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = ChangeEmailRequestSchema.safeParse({
      newEmail,
      ...(password ? { currentPassword: password } : {}),
    });
    if (!parsed.success) return setErrors({ email: parsed.error.issues[0]?.message });
    setErrors({});
    setSent(null);
    setBusy(true);
    try {
      setSent((await emailApi.change(parsed.data)).message);
      setNewEmail('');
      setPassword('');
    } catch (err) {
      const message = errorMessage(err, 'The change could not be asked for. Please try again.');
      setErrors(/password/i.test(message) ? { password: message } : { email: message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Change e-mail address">
      <div>
        <h2 className="text-lg font-semibold">Change e-mail address</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          We send a link to the new address; your address changes when you open it. We also tell{' '}
          {current} about the change.
        </p>
      </div>
      {sent && <SuccessBox>{sent}</SuccessBox>}
      <Field
        label="New e-mail address"
        type="email"
        autoComplete="email"
        value={newEmail}
        onChange={(e) => setNewEmail(e.target.value)}
        error={errors.email}
      />
      <Field
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        hint="If you only sign in with GitHub or Google, leave it empty: a sign-in in the last 15 minutes is enough."
      />
      <Button type="submit" variant="secondary" loading={busy}>
        Send confirmation link
      </Button>
    </form>
  );
}
