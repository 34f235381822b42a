import { useState, type FormEvent } from 'react';
import { ChangePasswordRequestSchema } from '../../../shared/user';
import { authApi } from '../../api/auth';
import { errorMessage } from '../../api/client';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { useToast } from '../../hooks/toasts';
import { DeleteAccountCard } from './DeleteAccountCard';
import { PasskeysCard } from './PasskeysCard';
import { SessionsCard } from './SessionsCard';
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

/** A new password, given the current one; the account's other sessions end with the old one. */
function ChangePasswordForm() {
  const notify = useToast();
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
    const parsed = ChangePasswordRequestSchema.safeParse(values);
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
      notify({
        type: 'success',
        title: 'Password changed',
        message:
          res.endedSessions > 0
            ? `Signed out of ${res.endedSessions} other ${res.endedSessions === 1 ? 'session' : 'sessions'}.`
            : undefined,
      });
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
        Changing your password signs you out everywhere else: other browsers and devices.
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
      <Button type="submit" loading={saving}>
        Change Password
      </Button>
    </form>
  );
}
