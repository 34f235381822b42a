import { KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '../ui/Button';
import { Card } from '../ui/Card';

/** Asked of visitors and guests, who have no keys to manage. */
export function SignInForKeys({ message }: { message: string }) {
  return (
    <Card className="mx-auto max-w-md p-8 text-center">
      <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-600 dark:bg-brand-900/40 dark:text-brand-300">
        <KeyRound className="h-6 w-6" aria-hidden />
      </span>
      <h2 className="mt-4 text-lg font-semibold">{message}</h2>
      <p className="mt-2 text-sm text-slate-500">
        Keys are kept with your account, so only you can add, test or change them.
      </p>
      <Link to="/auth" className={buttonStyles({ variant: 'primary', className: 'mt-6' })}>
        Sign in
      </Link>
    </Card>
  );
}
