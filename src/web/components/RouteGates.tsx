import { Navigate, Outlet } from 'react-router';
import { useSession } from '../hooks/session';
import { useTwoFactorStatus } from '../hooks/two-factor';
import { PageLayout } from './PageLayout';
import { Spinner } from './ui/Spinner';

// Which screens need a session, or an operator, is decided here, by the layout routes that
// routes.tsx puts around them. The server checks every call on its own: these gates only
// spare people a screen that would fail.

function Waiting({ title }: { title?: string }) {
  return (
    <PageLayout variant="dashboard" title={title}>
      <div className="flex justify-center py-20">
        <Spinner label="Loading..." />
      </div>
    </PageLayout>
  );
}

/** Layout route: a visitor without a session (not even a guest one) is sent to /auth. */
export function RequireUser() {
  const { user, loading } = useSession();
  if (loading) return <Waiting />;
  if (!user) return <Navigate to="/auth" replace />;
  return <Outlet />;
}

/**
 * Layout route for the operators' console: everyone who is not ADMIN goes to /dashboard. In
 * production an operator without a second factor is sent to set one up first.
 */
export function RequireOperator() {
  const { user, loading } = useSession();
  const operator = user?.plan === 'ADMIN';
  const twoFactor = useTwoFactorStatus(operator);
  if (loading || (operator && twoFactor.isPending)) return <Waiting title="Operations" />;
  if (!operator) return <Navigate to="/dashboard" replace />;
  if (twoFactor.data?.required) return <Navigate to="/settings?tab=security" replace />;
  return <Outlet />;
}
