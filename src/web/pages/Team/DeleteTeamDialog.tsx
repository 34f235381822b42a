import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { TeamDetailResponse } from '../../../shared/team';
import { errorMessage } from '../../api/client';
import { teamsApi } from '../../api/teams';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorBox } from '../../components/ui/Alert';

type SitesFate = 'move-to-owner' | 'delete';

/** Deleting a team asks what becomes of its sites: they move to the owner, or go with it. */
export function DeleteTeamDialog({
  open,
  team,
  onClose,
  onDeleted,
}: {
  open: boolean;
  team: TeamDetailResponse['team'];
  onClose: () => void;
  onDeleted: () => void;
}) {
  const [sites, setSites] = useState<SitesFate>('move-to-owner');
  const remove = useMutation({
    mutationFn: () => teamsApi.remove(team.id, sites),
    onSuccess: onDeleted,
  });
  const choices: Array<[SitesFate, string, string]> = [
    [
      'move-to-owner',
      'Move the sites to my account',
      'They keep serving at their addresses, as your own sites.',
    ],
    ['delete', 'Delete the sites', 'Every team site goes offline and its versions are deleted.'],
  ];

  return (
    <ConfirmDialog
      open={open}
      title={`Delete ${team.name}?`}
      confirmLabel={sites === 'delete' ? 'Delete team and sites' : 'Delete team'}
      danger
      busy={remove.isPending}
      onClose={onClose}
      onConfirm={() => remove.mutate()}
    >
      {remove.isError && (
        <ErrorBox>{errorMessage(remove.error, 'The team could not be deleted.')}</ErrorBox>
      )}
      <p>Every member loses the team at once, and its invitations stop working.</p>
      <fieldset className="mt-3 flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">What becomes of the team’s sites?</legend>
        {choices.map(([value, label, hint]) => (
          <label
            key={value}
            className="flex cursor-pointer items-start gap-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
          >
            <input
              type="radio"
              name="team-sites"
              value={value}
              checked={sites === value}
              onChange={() => setSites(value)}
              className="mt-1"
            />
            <span>
              <span className="block text-sm font-medium">{label}</span>
              <span className="block text-xs text-slate-500">{hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </ConfirmDialog>
  );
}
