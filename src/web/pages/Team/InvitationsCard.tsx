import { useState } from 'react';
import type { InvitationResponse, TeamDetailResponse } from '../../../shared/team';
import { errorMessage } from '../../api/client';
import { teamsApi } from '../../api/teams';
import { CopyButton } from '../../components/CopyButton';
import { ErrorBox, SuccessBox } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { useTeamChange } from '../../hooks/teams';
import { formatDate } from '../../lib/format';
import { mayManageMembers, ROLE_LABELS } from '../../lib/team-roles';
import { InviteForm } from './InviteForm';

type TeamDetail = TeamDetailResponse['team'];
type Sent = InvitationResponse['invitation'];

/**
 * Pending invitations, and for owners and admins the invite form, revoke and re-send. The
 * link itself is answered only when an invitation is sent, so it is offered for copying then.
 */
export function InvitationsCard({ team }: { team: TeamDetail }) {
  const manages = mayManageMembers(team.role);
  const [sent, setSent] = useState<{ invitation: Sent; again: boolean } | null>(null);
  const revoke = useTeamChange(team.id, (invitationId: string) =>
    teamsApi.revokeInvitation(team.id, invitationId),
  );
  const resend = useTeamChange(team.id, (invitationId: string) =>
    teamsApi.resendInvitation(team.id, invitationId),
  );
  const error = revoke.error ?? resend.error;
  if (!manages && team.invitations.length === 0) return null;

  return (
    <Card>
      <section aria-label="Pending invitations">
        <div className="border-b border-slate-100 px-5 py-4 dark:border-slate-800">
          <h2 className="font-semibold">Invitations</h2>
          <p className="mt-0.5 text-xs text-slate-500">
            A link works once, for 7 days, for the address it was sent to.
          </p>
        </div>
        <div className="flex flex-col gap-4 px-5 py-4">
          {manages && (
            <InviteForm
              team={team}
              onSent={(invitation) => setSent({ invitation, again: false })}
            />
          )}
          {sent && (
            <div className="flex flex-col gap-2">
              <SuccessBox>
                {sent.again
                  ? `A new link was sent to ${sent.invitation.email}; the old one no longer works.`
                  : `Invitation sent to ${sent.invitation.email}.`}{' '}
                You can also pass the link on yourself:
              </SuccessBox>
              <div className="flex min-w-0 items-center gap-2">
                <code className="min-w-0 flex-1 truncate rounded bg-slate-100 px-2 py-1.5 text-xs dark:bg-slate-800">
                  {sent.invitation.url}
                </code>
                <CopyButton text={sent.invitation.url} label="Copy invite link" />
              </div>
            </div>
          )}
          {error && <ErrorBox>{errorMessage(error, 'That change did not go through.')}</ErrorBox>}
          {team.invitations.length === 0 ? (
            <p className="text-sm text-slate-500">No invitations waiting.</p>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-100 dark:divide-slate-800 dark:border-slate-800">
              {team.invitations.map((invitation) => (
                <li
                  key={invitation.id}
                  aria-label={invitation.email}
                  className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center"
                >
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium">{invitation.email}</p>
                    <p className="text-xs text-slate-500">
                      {ROLE_LABELS[invitation.role]} · sent {formatDate(invitation.createdAt)} ·
                      works until {formatDate(invitation.expiresAt)}
                    </p>
                  </div>
                  {manages && (
                    <div className="flex gap-2">
                      <Button
                        variant="secondary"
                        size="sm"
                        loading={resend.isPending && resend.variables === invitation.id}
                        onClick={() =>
                          resend.mutate(invitation.id, {
                            onSuccess: (again) => setSent({ invitation: again, again: true }),
                          })
                        }
                      >
                        Re-send
                      </Button>
                      <Button
                        variant="secondary"
                        size="sm"
                        loading={revoke.isPending && revoke.variables === invitation.id}
                        onClick={() =>
                          revoke.mutate(invitation.id, {
                            onSuccess: () =>
                              setSent((s) => (s?.invitation.id === invitation.id ? null : s)),
                          })
                        }
                      >
                        Revoke
                      </Button>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </Card>
  );
}
