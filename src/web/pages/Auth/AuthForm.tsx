import { Eye, EyeOff } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '../../../shared/limits';
import type { TwoFactorRequiredResponse } from '../../../shared/two-factor';
import { PASSWORD_TOO_SHORT } from '../../../shared/user';
import { errorMessage } from '../../api/client';
import { ErrorBox } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { useSession } from '../../hooks/session';
import { pathAfterSignIn } from '../../lib/return-after-sign-in';
export type AuthMode = 'signin' | 'signup';

interface AuthFormProps {
  mode: AuthMode;
  /** The address to start with: the one an invitation was sent to. */
  initialEmail?: string;
  error: string | null;
  onError(message: string | null): void;
  /** 'Forgot your password?', with what is typed in the e-mail field so far. */
  onForgotPassword(email: string): void;
  /** The password was right; the account's second factor is asked next. */
  onSecondFactor(pending: TwoFactorRequiredResponse): void;
}

export function AuthForm({
  mode,
  initialEmail = '',
  error,
  onError,
  onForgotPassword,
  onSecondFactor,
}: AuthFormProps) {
  const { login, register } = useSession();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const signUp = mode === 'signup';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    onError(null);
    if (signUp && password.length < PASSWORD_MIN_LENGTH) {
      setPasswordError(PASSWORD_TOO_SHORT);
      return;
    }
    setPasswordError(null);
    setBusy(true);
    try {
      if (signUp) {
        const trimmed = name.trim();
        await register({ email, password, ...(trimmed ? { name: trimmed } : {}) });
      } else {
        const result = await login({ email, password, rememberMe });
        if ('twoFactorRequired' in result) return onSecondFactor(result);
      }
      // A link opened before signing in (a claim, an invitation) is finished first.
      navigate(pathAfterSignIn());
    } catch (err) {
      // A failure shows the server's message, else the screen's own fallback.
      const fallback = signUp ? 'Registration failed' : 'Login failed';
      onError(
        err instanceof Error && err.message === 'No authentication token received'
          ? err.message
          : errorMessage(err, fallback),
      );
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate={false}>
      {error && <ErrorBox>{error}</ErrorBox>}
      {signUp && (
        <Field
          label="Full name"
          name="name"
          autoComplete="name"
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="Ada Lovelace"
        />
      )}
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
      <Field
        label="Password"
        name="password"
        type={showPassword ? 'text' : 'password'}
        autoComplete={signUp ? 'new-password' : 'current-password'}
        required
        value={password}
        error={signUp ? passwordError : null}
        hint={signUp && !passwordError ? `At least ${PASSWORD_MIN_LENGTH} characters` : undefined}
        onChange={(e) => {
          setPassword(e.target.value);
          if (passwordError && e.target.value.length >= PASSWORD_MIN_LENGTH) setPasswordError(null);
        }}
        trailing={
          <button
            type="button"
            onClick={() => setShowPassword((s) => !s)}
            className="rounded p-1 text-slate-400 hover:text-slate-600"
            aria-label={showPassword ? 'Hide password' : 'Show password'}
          >
            {showPassword ? <EyeOff className="h-4 w-4" /> : <Eye className="h-4 w-4" />}
          </button>
        }
      />
      {!signUp && (
        <div className="flex items-center justify-between text-sm">
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={rememberMe}
              onChange={(e) => setRememberMe(e.target.checked)}
              className="h-4 w-4 rounded border-slate-300 text-brand-600"
            />
            Remember me
          </label>
          <button
            type="button"
            onClick={() => onForgotPassword(email)}
            className="font-medium text-brand-600 hover:underline dark:text-brand-400"
          >
            Forgot your password?
          </button>
        </div>
      )}
      <Button type="submit" loading={busy} className="w-full">
        {signUp ? 'Create Account' : 'Sign In'}
      </Button>
    </form>
  );
}
