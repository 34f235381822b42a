import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ChangePasswordRequestSchema } from '../../../shared/user';
import { authApi } from '../../api/auth';
import { errorMessage } from '../../api/client';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { useToast } from '../../hooks/toasts';
import { DeleteAccountCard } from './DeleteAccountCard';
import { tokensKey } from './access-tokens/AccessTokensTab';
import { endedInWords, SessionsCard, sessionsKey } from './SessionsCard';
import { PasskeysCard } from './PasskeysCard';
import { TwoFactorCard } from './TwoFactorCard';

type Fields = 'currentPassword' | 'newPassword' | 'confirm';

/** Password, two-factor sign-in, where the account is signed in, and the danger zone. */
export function SecurityTab() {
  return (
    <div className="space-y-10">
      <ChangePasswordForm />
      <TwoFactorCard />
      <PasskeysCard />
      <SessionsCard />
      <DeleteAccountCard />
    </div>
  );
}

/**
 * A new password, given the current one; unless unticked, the account's other sessions and its
 * access tokens end with the old one.
 */
function ChangePasswordForm() {
  const notify = useToast();
  const client = useQueryClient();
  const [signOutEverywhere, setSignOutEverywhere] = useState(true);
  const [values, setValues] = useState<Record<Fields, string>>({
    currentPassword: '',
    newPassword: '',
    confirm: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const [saving, setSaving] = useState(false);
  const set = (field: Fields) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors((all) => ({ ...all, [field]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = ChangePasswordRequestSchema.safeParse({ ...values, signOutEverywhere });
    if (!parsed.success) {
      const found: Partial<Record<Fields, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Fields] ??= issue.message;
      return setErrors(found);
    }
    if (values.confirm !== values.newPassword) {
      return setErrors({ confirm: 'The two new passwords are not the same.' });
    }
    setSaving(true);
    try {
      const res = await authApi.changePassword(parsed.data);
      setValues({ currentPassword: '', newPassword: '', confirm: '' });
      notify({ type: 'success', title: 'Password changed', message: endedInWords(res) });
      // The lists below must not show what just ended.
      void client.invalidateQueries({ queryKey: sessionsKey });
      void client.invalidateQueries({ queryKey: tokensKey });
    } catch (err) {
      setErrors({ currentPassword: errorMessage(err, 'Failed to change your password') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="max-w-md space-y-4">
      <h2 className="font-semibold">Change password</h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        If someone else may know your current password, keep the box below ticked: it signs out
        every other browser and device, and revokes the access tokens your scripts and tools use.
      </p>
      <Field
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={values.currentPassword}
        onChange={set('currentPassword')}
        error={errors.currentPassword}
      />
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        value={values.newPassword}
        onChange={set('newPassword')}
        error={errors.newPassword}
        hint="At least 8 characters"
      />
      <Field
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={values.confirm}
        onChange={set('confirm')}
        error={errors.confirm}
      />
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          checked={signOutEverywhere}
          onChange={(e) => setSignOutEverywhere(e.target.checked)}
          className="mt-0.5 h-4 w-4 rounded border-slate-300 text-brand-600"
        />
        Also sign out other devices and revoke access tokens
      </label>
      <Button type="submit" loading={saving}>
        Change Password
      </Button>
    </form>
  );
}
