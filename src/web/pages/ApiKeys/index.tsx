import { KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { ApiKeysInfo } from '../../components/ApiKeys/ApiKeysInfo';
import { ApiKeysManager } from '../../components/ApiKeys/ApiKeysManager';
import { PageLayout } from '../../components/PageLayout';
import { buttonStyles } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { useCanManageKeys } from '../../hooks/apiKeys';
import { useSession } from '../../hooks/session';

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

export function ApiKeysPage() {
  const { loading } = useSession();
  const signedIn = useCanManageKeys();
  return (
    <PageLayout variant="dashboard">
      {loading ? (
        <div className="flex justify-center py-20">
          <Spinner label="Loading..." />
        </div>
      ) : !signedIn ? (
        <SignInForKeys message="Please sign in to manage API keys" />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
          <div className="min-w-0">
            <ApiKeysManager
              wording="page"
              header={
                <>
                  <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">API Keys</h1>
                  <p className="mt-1 text-slate-600 dark:text-slate-400">
                    Your AI provider keys, used by the AI features of your deployed sites.
                  </p>
                </>
              }
            />
          </div>
          <ApiKeysInfo />
        </div>
      )}
    </PageLayout>
  );
}
