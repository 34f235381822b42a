import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiRequestError, errorMessage } from '../../api/client';
import { teamsApi } from '../../api/teams';
import { ErrorBox } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { teamsKey } from '../../hooks/teams';

/** Names a new team; the server decides whether the account may have one and says why not. */
export function CreateTeamDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [name, setName] = useState('');
  const navigate = useNavigate();
  const client = useQueryClient();
  const create = useMutation({
    mutationFn: teamsApi.create,
    onSuccess: (team) => {
      void client.invalidateQueries({ queryKey: teamsKey });
      navigate(`/teams/${encodeURIComponent(team.id)}`);
    },
  });
  const refusedByPlan = create.error instanceof ApiRequestError && create.error.status === 403;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim()) create.mutate(name.trim());
  };

  return (
    <Dialog
      open={open}
      onClose={() => {
        create.reset();
        onClose();
      }}
      title="Create a team"
      size="sm"
    >
      <form onSubmit={submit} className="flex flex-col gap-4" aria-label="Create a team">
        {create.isError && (
          <ErrorBox>
            {errorMessage(create.error, 'Could not create the team.')}{' '}
            {refusedByPlan && (
              <Link to="/settings?tab=billing" className="font-medium underline">
                See plans
              </Link>
            )}
          </ErrorBox>
        )}
        <Field
          label="Team name"
          name="team-name"
          required
          maxLength={80}
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="Acme Studio"
          hint="You can invite people once the team exists."
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
            Create
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
