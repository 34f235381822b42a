import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { AccountSuspendedNotice } from '../../components/AccountSuspendedNotice';
import { DisabledNotice } from '../../components/DisabledNotice';
import { PageLayout } from '../../components/PageLayout';
import { Spinner } from '../../components/ui/Spinner';
import { useAnalyticsEnabled } from '../../hooks/analytics';
import { useUser } from '../../hooks/session';
import { useSite, useSiteDeployments } from '../../hooks/sites';
import { AccessPanel } from './AccessPanel';
import { AiPanel } from './AiPanel';
import { BrandingPanel } from './BrandingPanel';
import { DeploymentHistory } from './DeploymentHistory';
import { DomainPanel } from './DomainPanel';
import { RemixPanel } from './RemixPanel';
import { SiteAnalytics } from './SiteAnalytics';
import { SiteHeader } from './SiteHeader';
import { SiteStats } from './SiteStats';
import { SiteTeam, ViewOnlyNote } from './SiteTeam';
import { SiteUnavailable } from './SiteUnavailable';
import { mayChangeTeamSites, useTeamRole } from '../../hooks/teams';
import { useSiteConfirm } from './useSiteConfirm';

/** /sites/:id: one site, its versions, its domain and AI setup, kept live by the socket. */
export function SiteDetailPage() {
  const { id = '' } = useParams();
  const user = useUser();
  const site = useSite(id);
  const deployments = useSiteDeployments(id);
  const confirm = useSiteConfirm(site.data);
  const analytics = useAnalyticsEnabled();
  const role = useTeamRole(site.data?.teamId);

  if (site.isPending) {
    return (
      <Layout>
        <div className="flex justify-center py-20">
          <Spinner label="Loading site details..." />
        </div>
      </Layout>
    );
  }
  if (site.isError || !site.data) {
    return (
      <Layout>
        <SiteUnavailable error={site.error} />
      </Layout>
    );
  }

  const s = site.data;
  // On a team site the role decides: a viewer sees everything and changes nothing.
  const readOnly = Boolean(s.teamId) && !mayChangeTeamSites(role);
  const history = deployments.data ?? [];
  const building =
    s.status === 'BUILDING' ||
    history.some((d) => d.status === 'PENDING' || d.status === 'BUILDING');

  return (
    <Layout>
      <SiteHeader
        site={s}
        building={building}
        deleting={confirm.deleting}
        onDelete={() => confirm.ask('delete')}
        readOnly={readOnly}
      />
      {s.disabledReason && (
        <div className="mt-6">
          <DisabledNotice reason={s.disabledReason} />
        </div>
      )}
      <SiteStats site={s} deployments={deployments.isPending ? null : history.length} />
      {analytics && (
        <div className="mt-6">
          <SiteAnalytics siteId={s.id} siteName={s.name} />
        </div>
      )}
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <DeploymentHistory
          site={s}
          deployments={deployments.isPending ? undefined : history}
          onRollback={confirm.ask}
          rollingBackId={confirm.rollingBackId}
          readOnly={readOnly}
        />
        <div className="min-w-0 space-y-6">
          {!user.isGuest && <SiteTeam site={s} role={role} />}
          {readOnly && <ViewOnlyNote />}
          {readOnly && <RemixPanel site={s} mayChange={false} />}
          {!readOnly && (
            <>
              <DomainPanel site={s} signedIn={!user.isGuest} plan={user.plan} />
              {!user.isGuest && <AccessPanel site={s} plan={user.plan} />}
              {/* AI keys belong to accounts, so guests' sites have no AI to set up. */}
              {!user.isGuest && <AiPanel siteId={s.id} />}
              {!user.isGuest && <BrandingPanel site={s} plan={user.plan} />}
              <RemixPanel site={s} mayChange />
            </>
          )}
        </div>
      </div>
      {confirm.dialog}
    </Layout>
  );
}

function Layout({ children }: { children: ReactNode }) {
  return (
    <PageLayout variant="subpage" backTo="/dashboard" backText="Dashboard" showConnection>
      <AccountSuspendedNotice />
      {children}
    </PageLayout>
  );
}
