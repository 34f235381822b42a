import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Users, XCircle } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { INVITATION_NOT_PENDING, type InvitationInfo } from '../../../shared/team';
import { errorMessage } from '../../api/client';
import { teamsApi } from '../../api/teams';
import { PageLayout } from '../../components/PageLayout';
import { ErrorBox } from '../../components/ui/Alert';
import { Button, buttonStyles } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { useSession } from '../../hooks/session';
import { teamsKey } from '../../hooks/teams';
import { useToast } from '../../hooks/toasts';
import { formatDate } from '../../lib/format';
import { forgetReturnAfterSignIn, returnHereAfterSignIn } from '../../lib/return-after-sign-in';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '../../lib/team-roles';
import { ConfirmAddressFirst } from './ConfirmAddressFirst';

/**
 * /invitations/{token}: the link of a team invitation e-mail. Anyone holding it sees what it
 * invites to; accepting needs the invited address, signed in and confirmed, so a visitor signs
 * up or in first (the page waits in this tab through sign-up, confirmation and social sign-in).
 */
export function InvitationPage() {
  const { token = '' } = useParams();
  const here = `/invitations/${encodeURIComponent(token)}`;
  const navigate = useNavigate();
  const notify = useToast();
  const queryClient = useQueryClient();
  const { user, loading, logout } = useSession();
  const info = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => teamsApi.invitation(token),
    retry: false,
  });
  const accept = useMutation({
    mutationFn: () => teamsApi.accept(token),
    onSuccess: (team) => {
      forgetReturnAfterSignIn();
      void queryClient.invalidateQueries({ queryKey: teamsKey });
      notify({ type: 'success', title: `You joined ${team.name}` });
      navigate(`/teams/${encodeURIComponent(team.id)}`);
    },
  });

  // A link that can no longer be used has nothing to come back to after signing in.
  const dead = info.isError || (info.data !== undefined && info.data.state !== 'pending');
  useEffect(() => {
    if (dead) forgetReturnAfterSignIn();
  }, [dead]);

  const toAuth = (invitation: InvitationInfo, mode: 'signup' | 'signin') => {
    returnHereAfterSignIn(here);
    const email = encodeURIComponent(invitation.email);
    navigate(mode === 'signup' ? `/auth?mode=signup&email=${email}` : `/auth?email=${email}`);
  };

  let body: ReactNode;
  if (info.isPending || loading) {
    body = <Spinner label="Loading..." />;
  } else if (info.isError) {
    body = (
      <Ended title="This link cannot be used">
        {errorMessage(info.error, 'This invitation could not be opened.')} Check that the whole link
        was copied, or ask for a new invitation.
      </Ended>
    );
  } else if (info.data.state !== 'pending') {
    body = (
      <Ended title={`Invitation to ${info.data.teamName}`}>
        {INVITATION_NOT_PENDING[info.data.state]}
      </Ended>
    );
  } else {
    const invitation = info.data;
    const account = user && !user.isGuest ? user : null;
    const isFor = account?.email.toLowerCase() === invitation.email.toLowerCase();
    let action: ReactNode;
    if (!account) {
      action = (
        <>
          <p>
            This invitation is for <strong>{invitation.email}</strong>. Sign in with that address,
            or create an account with it. Joining needs the address confirmed: a new account gets a
            link by e-mail; open it, then accept here.
          </p>
          <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
            <Button onClick={() => toAuth(invitation, 'signup')}>Create account</Button>
            <Button variant="secondary" onClick={() => toAuth(invitation, 'signin')}>
              Sign in
            </Button>
          </div>
        </>
      );
    } else if (!isFor) {
      action = (
        <>
          <p>
            This invitation is for <strong>{invitation.email}</strong>, and you are signed in as{' '}
            <strong>{account.email}</strong>. Sign out, then sign in or create an account with{' '}
            {invitation.email} to accept it.
          </p>
          <div className="mt-6 flex justify-center">
            <Button variant="secondary" onClick={() => void logout()}>
              Sign out
            </Button>
          </div>
        </>
      );
    } else if (!account.emailVerified) {
      action = <ConfirmAddressFirst email={account.email} />;
    } else {
      action = (
        <>
          {accept.isError && (
            <div className="mb-4 text-left">
              <ErrorBox>{errorMessage(accept.error, 'Could not join the team.')}</ErrorBox>
            </div>
          )}
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
            <Button loading={accept.isPending} onClick={() => accept.mutate()}>
              Accept invitation
            </Button>
            <Link to="/dashboard" className={buttonStyles({ variant: 'secondary' })}>
              Not now
            </Link>
          </div>
        </>
      );
    }
    body = (
      <Card className="w-full max-w-lg p-6 text-center sm:p-8">
        <div className="flex justify-center">
          <Users className="h-10 w-10 text-brand-600 dark:text-brand-400" aria-hidden />
        </div>
        <h1 className="mt-3 text-xl font-semibold sm:text-2xl">Join {invitation.teamName}</h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          {invitation.inviterName ? `${invitation.inviterName} invited you` : 'You are invited'} to
          join the team <strong>{invitation.teamName}</strong> as{' '}
          <strong>{ROLE_LABELS[invitation.role].toLowerCase()}</strong>:{' '}
          {ROLE_DESCRIPTIONS[invitation.role].charAt(0).toLowerCase()}
          {ROLE_DESCRIPTIONS[invitation.role].slice(1)}
        </p>
        <p className="mt-1 text-xs text-slate-500">
          The link works until {formatDate(invitation.expiresAt)}.
        </p>
        <div className="mt-5 text-sm text-slate-600 dark:text-slate-300">{action}</div>
      </Card>
    );
  }

  return (
    <PageLayout
      variant="subpage"
      backTo="/dashboard"
      backText="Dashboard"
      title="Team invitation"
      width="narrow"
    >
      <div className="flex justify-center py-6 sm:py-10">{body}</div>
    </PageLayout>
  );
}

function Ended({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="w-full max-w-lg p-6 text-center sm:p-8">
      <div className="flex justify-center">
        <XCircle className="h-10 w-10 text-red-600" aria-hidden />
      </div>
      <h1 className="mt-3 text-xl font-semibold sm:text-2xl">{title}</h1>
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{children}</p>
      <div className="mt-6 flex justify-center">
        <Link to="/dashboard" className={buttonStyles({ variant: 'primary' })}>
          Go to dashboard
        </Link>
      </div>
    </Card>
  );
}
