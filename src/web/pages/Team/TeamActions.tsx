import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { TeamDetailResponse } from '../../../shared/team';
import { errorMessage } from '../../api/client';
import { teamsApi } from '../../api/teams';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorBox } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { useTeamChange, teamKey, teamsKey } from '../../hooks/teams';
import { useToast } from '../../hooks/toasts';
import { mayLeave, mayTransferOrDelete } from '../../lib/team-roles';
import { DeleteTeamDialog } from './DeleteTeamDialog';

type TeamDetail = TeamDetailResponse['team'];

/** Leave (anyone but the owner); transfer ownership to an admin and delete (the owner). */
export function TeamActions({ team }: { team: TeamDetail }) {
  const navigate = useNavigate();
  const notify = useToast();
  const client = useQueryClient();
  const [open, setOpen] = useState<'leave' | 'transfer' | 'delete' | null>(null);
  const admins = team.members.filter((m) => m.role === 'admin');
  const [heir, setHeir] = useState('');
  const heirId = heir || admins[0]?.id || '';

  // Gone from the team: off its page before the refetch answers "not a member".
  const leftTeam = (title: string) => {
    navigate('/teams');
    client.removeQueries({ queryKey: teamKey(team.id) });
    void client.invalidateQueries({ queryKey: teamsKey });
    notify({ type: 'success', title });
  };
  const leave = useMutation({
    mutationFn: () => teamsApi.leave(team.id),
    onSuccess: () => leftTeam(`You left ${team.name}`),
  });
  const transfer = useTeamChange(team.id, (userId: string) => teamsApi.transfer(team.id, userId));

  return (
    <div className="flex flex-wrap gap-2">
      {mayLeave(team.role) && (
        <Button variant="secondary" onClick={() => setOpen('leave')}>
          Leave team
        </Button>
      )}
      {mayTransferOrDelete(team.role) && (
        <>
          <Button variant="secondary" onClick={() => setOpen('transfer')}>
            Transfer ownership
          </Button>
          <Button variant="danger" onClick={() => setOpen('delete')}>
            Delete team
          </Button>
        </>
      )}

      <ConfirmDialog
        open={open === 'leave'}
        title={`Leave ${team.name}?`}
        confirmLabel="Leave team"
        danger
        busy={leave.isPending}
        onClose={() => setOpen(null)}
        onConfirm={() => leave.mutate()}
      >
        {leave.isError && (
          <ErrorBox>{errorMessage(leave.error, 'Could not leave the team.')}</ErrorBox>
        )}
        You lose access to the team’s sites at once. To come back, someone has to invite you again.
      </ConfirmDialog>

      <ConfirmDialog
        open={open === 'transfer'}
        title="Transfer ownership"
        confirmLabel="Transfer"
        busy={transfer.isPending}
        onClose={() => setOpen(null)}
        onConfirm={() =>
          heirId &&
          transfer.mutate(heirId, {
            onSuccess: () => {
              setOpen(null);
              const name = admins.find((a) => a.id === heirId)?.name ?? 'The new owner';
              notify({ type: 'success', title: `${name} now owns ${team.name}` });
            },
          })
        }
      >
        {transfer.isError && (
          <ErrorBox>{errorMessage(transfer.error, 'The transfer did not go through.')}</ErrorBox>
        )}
        {admins.length === 0 ? (
          <p>Ownership goes to an admin of the team. Make someone an admin first, then transfer.</p>
        ) : (
          <>
            <p>
              The new owner pays for the team’s sites from their plan and may delete the team. You
              stay in the team as an admin.
            </p>
            <label className="mt-3 block text-sm font-medium" htmlFor="transfer-to">
              New owner
            </label>
            <select
              id="transfer-to"
              value={heirId}
              onChange={(e) => setHeir(e.target.value)}
              className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
            >
              {admins.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name} ({a.email})
                </option>
              ))}
            </select>
          </>
        )}
      </ConfirmDialog>

      <DeleteTeamDialog
        open={open === 'delete'}
        team={team}
        onClose={() => setOpen(null)}
        onDeleted={() => leftTeam(`${team.name} was deleted`)}
      />
    </div>
  );
}
