import { useState, type FormEvent } from 'react';
import { ForgotPasswordRequestSchema } from '../../../shared/account';
import { accountApi } from '../../api/account';
import { errorMessage } from '../../api/client';
import { ErrorBox, SuccessBox } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';

/** 'Forgot your password?': the server answers the same whether or not the address has an account. */
export function ForgotPasswordForm({
  initialEmail,
  onBack,
}: {
  initialEmail: string;
  onBack: () => void;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = ForgotPasswordRequestSchema.safeParse({ email });
    if (!parsed.success) {
      return setError(parsed.error.issues[0]?.message ?? 'Please enter a valid email address');
    }
    setError(null);
    setBusy(true);
    try {
      setSent((await accountApi.forgotPassword(parsed.data)).message);
    } catch (err) {
      setError(errorMessage(err, 'Failed to send the reset link. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Enter the e-mail address of your account. The link we send works once, within one hour.
      </p>
      {sent && <SuccessBox>{sent}</SuccessBox>}
      {error && <ErrorBox>{error}</ErrorBox>}
      <Field
        label="Email address"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        placeholder="you@example.com"
      />
      <Button type="submit" loading={busy} className="w-full">
        {sent ? 'Send another link' : 'Send reset link'}
      </Button>
      <button
        type="button"
        onClick={onBack}
        className="text-sm font-medium text-brand-600 hover:underline dark:text-brand-400"
      >
        Back to sign in
      </button>
    </form>
  );
}
