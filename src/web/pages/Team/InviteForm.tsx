import { useState, type FormEvent } from 'react';
import type { InvitableRole, InvitationResponse, TeamDetailResponse } from '../../../shared/team';
import { errorMessage } from '../../api/client';
import { teamsApi } from '../../api/teams';
import { ErrorBox } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Field, inputStyles } from '../../components/ui/Field';
import { cn } from '../../components/ui/cn';
import { useTeamChange } from '../../hooks/teams';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '../../lib/team-roles';

const GIVABLE: InvitableRole[] = ['member', 'viewer', 'admin'];

/** E-mail and role: the server mails the link and answers it for a chat as well. */
export function InviteForm({
  team,
  onSent,
}: {
  team: TeamDetailResponse['team'];
  onSent: (invitation: InvitationResponse['invitation']) => void;
}) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitableRole>('member');
  const invite = useTeamChange(team.id, () => teamsApi.invite(team.id, email.trim(), role));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    invite.mutate(undefined, {
      onSuccess: (invitation) => {
        setEmail('');
        onSent(invitation);
      },
    });
  };

  return (
    <form onSubmit={submit} aria-label="Invite someone" className="flex flex-col gap-3">
      {invite.isError && (
        <ErrorBox>{errorMessage(invite.error, 'The invitation could not be sent.')}</ErrorBox>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field
          className="min-w-0 flex-1"
          label="E-mail address"
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="colleague@example.com"
        />
        <div>
          <label
            htmlFor="invite-role"
            className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300"
          >
            Role
          </label>
          <select
            id="invite-role"
            value={role}
            onChange={(e) => setRole(e.target.value as InvitableRole)}
            className={cn(inputStyles, 'w-full border-slate-300 sm:w-32 dark:border-slate-700')}
          >
            {GIVABLE.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" loading={invite.isPending}>
          Send invitation
        </Button>
      </div>
      <p className="text-xs text-slate-500">
        {ROLE_LABELS[role]}: {ROLE_DESCRIPTIONS[role]}
      </p>
    </form>
  );
}
