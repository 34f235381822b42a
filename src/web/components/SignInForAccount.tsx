import { Link } from 'react-router';
import { buttonStyles } from './ui/Button';
import { Card } from './ui/Card';

/** Shown instead of what belongs to an account (a name, a password, tokens) to visitors and guests. */
export function SignInForAccount() {
  return (
    <Card className="mx-auto max-w-md p-8 text-center">
      <h2 className="text-lg font-semibold">Please log in to manage your account</h2>
      <p className="mt-2 text-sm text-slate-500">
        Your name and password belong to an account; guest sessions have neither.
      </p>
      <Link to="/auth" className={buttonStyles({ variant: 'primary', className: 'mt-6' })}>
        Sign in
      </Link>
    </Card>
  );
}
