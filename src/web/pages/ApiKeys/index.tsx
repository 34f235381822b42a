import { ApiKeysInfo } from '../../components/ApiKeys/ApiKeysInfo';
import { ApiKeysManager } from '../../components/ApiKeys/ApiKeysManager';
import { PageLayout } from '../../components/PageLayout';
import { SignInForKeys } from '../../components/ApiKeys/SignInForKeys';
import { Spinner } from '../../components/ui/Spinner';
import { useCanManageKeys } from '../../hooks/apiKeys';
import { useSession } from '../../hooks/session';

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
