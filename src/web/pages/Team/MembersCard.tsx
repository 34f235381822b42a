import { useState } from 'react';
import type { InvitableRole, TeamDetailResponse, TeamMember } from '../../../shared/team';
import { errorMessage } from '../../api/client';
import { teamsApi } from '../../api/teams';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorBox } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { inputStyles } from '../../components/ui/Field';
import { cn } from '../../components/ui/cn';
import { useSession } from '../../hooks/session';
import { useTeamChange } from '../../hooks/teams';
import { useToast } from '../../hooks/toasts';
import { formatDate } from '../../lib/format';
import { mayManageMembers, ROLE_DESCRIPTIONS, ROLE_LABELS } from '../../lib/team-roles';

type TeamDetail = TeamDetailResponse['team'];
const GIVABLE: InvitableRole[] = ['admin', 'member', 'viewer'];

/** Members with their roles; owners and admins change roles and remove people (not the owner). */
export function MembersCard({ team }: { team: TeamDetail }) {
  const { user } = useSession();
  const notify = useToast();
  const manages = mayManageMembers(team.role);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const changeRole = useTeamChange(team.id, (input: { member: TeamMember; role: InvitableRole }) =>
    teamsApi.changeRole(team.id, input.member.id, input.role),
  );
  const remove = useTeamChange(team.id, (member: TeamMember) =>
    teamsApi.removeMember(team.id, member.id),
  );
  const error = changeRole.error ?? remove.error;

  return (
    <Card>
      <section aria-label="Members">
        <div className="border-b border-slate-100 px-5 py-4 dark:border-slate-800">
          <h2 className="font-semibold">Members</h2>
        </div>
        {error && (
          <div className="px-5 pt-4">
            <ErrorBox>{errorMessage(error, 'That change did not go through.')}</ErrorBox>
          </div>
        )}
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {team.members.map((member) => {
            const isMe = member.id === user?.id;
            // The owner's role moves only by a transfer (domain/policy/teams.ts).
            const editable = manages && member.role !== 'owner';
            return (
              <li
                key={member.id}
                className="flex flex-col gap-3 px-5 py-3 sm:flex-row sm:items-center"
                aria-label={member.name}
              >
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">
                    {member.name}
                    {isMe && <span className="ml-1 font-normal text-slate-500">(you)</span>}
                  </p>
                  <p className="truncate text-xs text-slate-500">
                    {member.email} · joined {formatDate(member.joinedAt)}
                  </p>
                </div>
                {editable ? (
                  <div className="flex items-center gap-2">
                    <select
                      aria-label={`Role of ${member.name}`}
                      title={ROLE_DESCRIPTIONS[member.role]}
                      value={member.role}
                      disabled={changeRole.isPending}
                      onChange={(e) =>
                        changeRole.mutate(
                          { member, role: e.target.value as InvitableRole },
                          {
                            onSuccess: (_, { role }) =>
                              notify({
                                type: 'success',
                                title: `${member.name} is now ${ROLE_LABELS[role].toLowerCase()}`,
                              }),
                          },
                        )
                      }
                      className={cn(inputStyles, 'w-32 border-slate-300 dark:border-slate-700')}
                    >
                      {GIVABLE.map((role) => (
                        <option key={role} value={role}>
                          {ROLE_LABELS[role]}
                        </option>
                      ))}
                    </select>
                    {!isMe && (
                      <Button variant="secondary" size="sm" onClick={() => setRemoving(member)}>
                        Remove
                      </Button>
                    )}
                  </div>
                ) : (
                  <span
                    title={ROLE_DESCRIPTIONS[member.role]}
                    className="self-start rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700 sm:self-auto dark:bg-slate-800 dark:text-slate-300"
                  >
                    {ROLE_LABELS[member.role]}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </section>
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.name ?? ''}?`}
        confirmLabel="Remove"
        danger
        busy={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing, {
            onSuccess: () => {
              notify({ type: 'success', title: `${removing.name} was removed from ${team.name}` });
              setRemoving(null);
            },
            onError: () => setRemoving(null),
          })
        }
      >
        {removing?.name} loses access to the team’s sites at once, on every open screen. The sites
        they deployed stay.
      </ConfirmDialog>
    </Card>
  );
}
