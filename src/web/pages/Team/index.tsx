import { UserX } from 'lucide-react';
import { useParams, Link } from 'react-router';
import { ApiRequestError, errorMessage } from '../../api/client';
import { PageLayout } from '../../components/PageLayout';
import { ErrorBox } from '../../components/ui/Alert';
import { buttonStyles } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { useTeam } from '../../hooks/teams';
import { ROLE_LABELS } from '../../lib/team-roles';
import { ActivityCard } from './ActivityCard';
import { InvitationsCard } from './InvitationsCard';
import { MembersCard } from './MembersCard';
import { TeamActions } from './TeamActions';

/**
 * /teams/{id}: members and their roles, pending invitations, the activity log, and what the
 * person's role lets them do. LiveTeams refetches the team when their place in it changes, so
 * someone removed while looking sees that at once.
 */
export function TeamPage() {
  const { id = '' } = useParams();
  const team = useTeam(id);

  let body;
  if (team.isPending) {
    body = (
      <div className="flex justify-center py-20">
        <Spinner label="Loading team..." />
      </div>
    );
  } else if (team.isError) {
    const missing = team.error instanceof ApiRequestError && team.error.status === 404;
    body = missing ? (
      <NotAMember teamName={team.data?.name} />
    ) : (
      <ErrorBox>{errorMessage(team.error, 'Could not load the team.')}</ErrorBox>
    );
  } else {
    const detail = team.data;
    body = (
      <>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <h1 className="truncate text-2xl font-bold tracking-tight sm:text-3xl">
              {detail.name}
            </h1>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {detail.members.length} {detail.members.length === 1 ? 'member' : 'members'} · you are{' '}
              <strong>{ROLE_LABELS[detail.role].toLowerCase()}</strong> · slug{' '}
              <code className="text-xs">{detail.slug}</code> (for{' '}
              <code className="text-xs">--team</code> on the command line)
            </p>
          </div>
          <TeamActions team={detail} />
        </div>
        <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="flex min-w-0 flex-col gap-6">
            <MembersCard team={detail} />
            <InvitationsCard team={detail} />
          </div>
          <ActivityCard activity={detail.activity} />
        </div>
      </>
    );
  }

  return (
    <PageLayout variant="subpage" backTo="/teams" backText="Teams" title="Team" width="wide">
      {body}
    </PageLayout>
  );
}

/** Removed while looking (the refetch failed with the team still on screen), or never in it. */
function NotAMember({ teamName }: { teamName: string | undefined }) {
  return (
    <Card className="mx-auto max-w-lg p-8 text-center">
      <UserX className="mx-auto h-10 w-10 text-slate-400" aria-hidden />
      <h1 className="mt-3 text-xl font-semibold">
        {teamName ? `You are no longer a member of ${teamName}` : 'Team not found'}
      </h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
        {teamName
          ? 'You were removed from the team, or it was deleted. Its sites are no longer yours to see.'
          : 'This team does not exist, or you are not a member of it.'}
      </p>
      <Link to="/teams" className={buttonStyles({ className: 'mt-6' })}>
        Your teams
      </Link>
    </Card>
  );
}
