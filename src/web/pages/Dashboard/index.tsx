import { AccountSuspendedNotice } from '../../components/AccountSuspendedNotice';
import { EmailVerificationBanner } from '../../components/EmailVerificationBanner';
import { ArrowRight, Plus, Rocket, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Site } from '../../../shared/site';
import { PageLayout } from '../../components/PageLayout';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorBox } from '../../components/ui/Alert';
import { buttonStyles } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { BILLING_PATH } from '../../hooks/billing';
import { useAnalyticsEnabled, useSparklines } from '../../hooks/analytics';
import { useUser } from '../../hooks/session';
import { DELETE_SITE_CONFIRMATION, useDeleteSite, useRedeploy, useSites } from '../../hooks/sites';
import { useToast } from '../../hooks/toasts';
import { ApiRequestError, errorMessage } from '../../api/client';
import { GuestSitesOutcome } from '../../components/GuestSites/GuestSitesOutcome';
import { useTeamSites } from '../../hooks/team-sites';
import { mayChangeTeamSites, useSpace, useTeamRole, useTeams } from '../../hooks/teams';
import { SitesTable } from './SitesTable';
import { SpaceSwitcher } from './SpaceSwitcher';
import { SummaryCards } from './SummaryCards';

export function DashboardPage() {
  const user = useUser();
  const notify = useToast();
  // The space: personal sites, or one team's (a team the person lost reads as personal at once).
  const [space, setSpace] = useSpace();
  const teams = useTeams();
  const teamId = space === 'personal' ? null : space;
  const team = teams.data?.find((t) => t.id === teamId) ?? null;
  const role = useTeamRole(teamId);
  const mayChange = !teamId || mayChangeTeamSites(role);
  const personalSites = useSites();
  const teamSites = useTeamSites(teamId);
  const sites = teamId ? teamSites : personalSites;
  const redeploy = useRedeploy();
  const remove = useDeleteSite();
  const sparklines = useSparklines(useAnalyticsEnabled() === true);
  const [deleting, setDeleting] = useState<Site | null>(null);

  const list = sites.data ?? [];
  const upgradeable = user.plan !== 'PRO' && user.plan !== 'ADMIN';

  const startRedeploy = (site: Site) =>
    redeploy.mutate(site.id, {
      onSuccess: (res) =>
        notify({
          type: 'success',
          title: 'Redeployment started',
          message: `Deployment ${res.deployment.id}`,
        }),
      onError: (err) =>
        notify({
          type: 'error',
          title: 'Redeploy failed',
          message: errorMessage(err, '') || undefined,
        }),
    });

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notify({ type: 'success', title: 'Site deleted successfully' });
        setDeleting(null);
      },
      onError: () => {
        notify({ type: 'error', title: 'Delete failed' });
        setDeleting(null);
      },
    });
  };

  return (
    <PageLayout variant="dashboard" showConnection>
      <AccountSuspendedNotice />
      <GuestSitesOutcome />
      <EmailVerificationBanner />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
            {team ? team.name : 'Your sites'}
          </h1>
          <p className="mt-1 text-slate-600 dark:text-slate-400">
            {team
              ? `Team sites · your role: ${role ?? team.role}${mayChange ? '' : ' (view only)'}`
              : user.isGuest
                ? 'Guest sites stay live for 24 hours.'
                : `Welcome back${user.name ? `, ${user.name}` : ''}.`}
          </p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <SpaceSwitcher space={space} teams={teams.data ?? []} onChange={setSpace} />
          {mayChange && (
            <Link to="/upload" className={buttonStyles({ variant: 'primary' })}>
              <Plus className="h-4 w-4" aria-hidden /> Deploy New Site
            </Link>
          )}
        </div>
      </div>

      {upgradeable && !team && (
        <div className="mt-6 flex flex-col gap-3 rounded-xl bg-gradient-to-r from-brand-600 to-violet-600 p-5 text-white sm:flex-row sm:items-center">
          <Sparkles className="hidden h-6 w-6 shrink-0 sm:block" aria-hidden />
          <div className="flex-1">
            <p className="font-semibold">
              {user.isGuest ? 'Want sites that stay up?' : 'Need more sites?'}
            </p>
            <p className="text-sm text-white/80">
              {user.isGuest
                ? 'Create a free account: up to 3 sites that never expire. The guest sites you made in this browser move into it.'
                : user.plan === 'STARTER'
                  ? 'Upgrade to Pro for unlimited sites.'
                  : 'Upgrade to Starter for 15 sites or Pro for unlimited sites, both with custom domains.'}
            </p>
          </div>
          <Link
            to={user.isGuest ? '/auth' : BILLING_PATH}
            className="inline-flex items-center justify-center gap-2 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-brand-700 shadow-sm hover:bg-brand-50"
          >
            {user.isGuest ? 'Create account' : 'See plans'}{' '}
            <ArrowRight className="h-4 w-4" aria-hidden />
          </Link>
        </div>
      )}

      {/* The plan's counts are the person's; a team's sites count against its owner's plan. */}
      {!team && (
        <div className="mt-6">
          <SummaryCards sites={list} plan={user.plan} />
        </div>
      )}

      <Card className="mt-6 overflow-hidden">
        <div className="border-b border-slate-200 px-5 py-4 dark:border-slate-800">
          <h2 className="font-semibold">Sites</h2>
        </div>
        {sites.isPending ? (
          <div className="flex justify-center py-12">
            <Spinner label="Loading sites..." />
          </div>
        ) : sites.isError ? (
          <div className="p-5">
            <ErrorBox>
              {/* Suspended: the notice above says why; this card only says what it means here.
                  Otherwise an answer that says no, or no answer at all: one message for each. */}
              {sites.error instanceof ApiRequestError && sites.error.code === 'ACCOUNT_SUSPENDED'
                ? 'Your sites cannot be listed while the account is suspended.'
                : sites.error instanceof ApiRequestError && sites.error.status !== 0
                  ? 'Failed to fetch sites'
                  : 'Failed to load sites'}
            </ErrorBox>
          </div>
        ) : list.length === 0 ? (
          <div className="flex flex-col items-center px-6 py-14 text-center">
            <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600 dark:bg-brand-900/40 dark:text-brand-300">
              <Rocket className="h-7 w-7" aria-hidden />
            </span>
            <h3 className="mt-4 text-lg font-semibold">
              {team ? 'No team sites yet' : 'No sites yet'}
            </h3>
            <p className="mt-1 max-w-sm text-sm text-slate-600 dark:text-slate-400">
              {mayChange
                ? 'Paste the code your AI assistant wrote, or upload an .html or .zip file. It will be live in seconds.'
                : 'Sites the team deploys will appear here.'}
            </p>
            {mayChange && (
              <Link
                to="/upload"
                className={buttonStyles({ variant: 'primary', className: 'mt-5' })}
              >
                {team ? 'Deploy the first team site' : 'Deploy your first site'}
              </Link>
            )}
          </div>
        ) : (
          <SitesTable
            sites={list}
            sparklines={sparklines.data?.sites}
            onRedeploy={startRedeploy}
            onDelete={setDeleting}
            redeploying={redeploy.isPending ? (redeploy.variables ?? null) : null}
            readOnly={!mayChange}
          />
        )}
      </Card>

      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.subdomain ?? 'site'}?`}
        confirmLabel="Delete site"
        danger
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        {DELETE_SITE_CONFIRMATION}
      </ConfirmDialog>
    </PageLayout>
  );
}
