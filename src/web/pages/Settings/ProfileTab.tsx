import { useState, type FormEvent } from 'react';
import { UpdateProfileRequestSchema } from '../../../shared/user';
import { authApi } from '../../api/auth';
import { errorMessage } from '../../api/client';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { useSession } from '../../hooks/session';
import { useToast } from '../../hooks/toasts';

/** SPEC.md section 2: the name can change; the e-mail address cannot. */
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
    <form onSubmit={submit} noValidate className="max-w-md space-y-4">
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
        hint="Email cannot be changed"
        readOnly
      />
      <Button type="submit" loading={saving}>
        Save Changes
      </Button>
    </form>
  );
}
