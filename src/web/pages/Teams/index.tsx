import { ChevronRight, Plus, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { includesWhiteLabel, PLANS } from '../../../shared/plans';
import { errorMessage } from '../../api/client';
import { PageLayout } from '../../components/PageLayout';
import { ErrorBox } from '../../components/ui/Alert';
import { Button, buttonStyles } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { useSession } from '../../hooks/session';
import { useTeams } from '../../hooks/teams';
import { ROLE_LABELS } from '../../lib/team-roles';
import { CreateTeamDialog } from './CreateTeamDialog';

/** /teams: the signed-in person's teams with their role in each, and "Create team". */
export function TeamsPage() {
  const { user } = useSession();
  const teams = useTeams();
  const [creating, setCreating] = useState(false);
  if (!user) return null;
  // The server's gate for a new team (domain/policy/plan-gates.ts mayRunTeams): the plans
  // that include white-label, Pro and ADMIN.
  const mayCreate = !user.isGuest && includesWhiteLabel(user.plan);

  return (
    <PageLayout variant="dashboard" width="default">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Teams</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-400">
            Work on sites together: members deploy, viewers look, and the owner’s plan pays.
          </p>
        </div>
        {mayCreate && (
          <Button onClick={() => setCreating(true)}>
            <Plus className="h-4 w-4" aria-hidden /> Create team
          </Button>
        )}
      </div>

      {!mayCreate && (
        <Card className="mt-6 p-5 text-sm text-slate-600 dark:text-slate-300">
          <p>
            {user.isGuest
              ? 'Teams belong to accounts: create a free account to be invited to one.'
              : `Creating a team is part of the Pro plan; your account is on the ${PLANS[user.plan].label} plan. You can still join teams others invite you to.`}
          </p>
          <Link
            to={user.isGuest ? '/auth?mode=signup' : '/settings?tab=billing'}
            className={buttonStyles({ variant: 'secondary', size: 'sm', className: 'mt-3' })}
          >
            {user.isGuest ? 'Create an account' : 'See plans'}
          </Link>
        </Card>
      )}

      <section aria-label="Your teams" className="mt-6">
        {teams.isPending ? (
          <div className="flex justify-center py-12">
            <Spinner label="Loading teams..." />
          </div>
        ) : teams.isError ? (
          <ErrorBox>{errorMessage(teams.error, 'Could not load your teams.')}</ErrorBox>
        ) : teams.data.length === 0 ? (
          <Card className="flex flex-col items-center gap-2 p-10 text-center">
            <Users className="h-10 w-10 text-slate-400" aria-hidden />
            <p className="font-medium">You are not in a team yet.</p>
            <p className="text-sm text-slate-500">
              {mayCreate
                ? 'Create one and invite people by e-mail.'
                : 'When someone invites you, the e-mail’s link brings you in.'}
            </p>
          </Card>
        ) : (
          <Card className="divide-y divide-slate-100 dark:divide-slate-800">
            {teams.data.map((team) => (
              <Link
                key={team.id}
                to={`/teams/${encodeURIComponent(team.id)}`}
                className="flex items-center gap-3 px-5 py-4 hover:bg-slate-50 dark:hover:bg-slate-800/60"
              >
                <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-sm font-semibold text-brand-700 dark:bg-brand-900/40 dark:text-brand-300">
                  {team.name.charAt(0).toUpperCase()}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{team.name}</span>
                  <span className="block truncate text-xs text-slate-500">{team.slug}</span>
                </span>
                <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
                  {ROLE_LABELS[team.role]}
                </span>
                <ChevronRight className="h-4 w-4 text-slate-400" aria-hidden />
              </Link>
            ))}
          </Card>
        )}
      </section>
      <CreateTeamDialog open={creating} onClose={() => setCreating(false)} />
    </PageLayout>
  );
}
