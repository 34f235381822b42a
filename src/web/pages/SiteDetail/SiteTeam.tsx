import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Eye, Users } from 'lucide-react';
import { useState } from 'react';
import type { Site } from '../../../shared/site';
import type { TeamRole } from '../../../shared/team';
import { errorMessage } from '../../api/client';
import { teamsApi } from '../../api/teams';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { siteKey, sitesKey } from '../../hooks/sites';
import { mayChangeTeamSites, teamSitesKey, useTeams } from '../../hooks/teams';
import { useToast } from '../../hooks/toasts';

/** Who may take a site out of its team: the team's owner and admins (the server decides too). */
const MAY_MOVE_OUT: readonly TeamRole[] = ['owner', 'admin'];

/**
 * Where the site belongs (the person's own, or a team's) and moving it: a personal site into a
 * team where its owner may create sites, a team site back to the mover's own sites.
 */
export function SiteTeam({ site, role }: { site: Site; role: TeamRole | null }) {
  const notify = useToast();
  const client = useQueryClient();
  const teams = useTeams().data ?? [];
  const team = teams.find((t) => t.id === site.teamId) ?? null;
  const targets = teams.filter((t) => mayChangeTeamSites(t.role));
  const [target, setTarget] = useState('');
  const chosen = target || targets[0]?.id || '';
  const move = useMutation({
    mutationFn: (teamId: string | null) => teamsApi.moveSite(site.id, teamId),
    onSuccess: (moved, teamId) => {
      client.setQueryData(siteKey(site.id), moved);
      void client.invalidateQueries({ queryKey: sitesKey });
      for (const id of [site.teamId, teamId]) {
        if (id) void client.invalidateQueries({ queryKey: teamSitesKey(id) });
      }
      const to = teams.find((t) => t.id === teamId)?.name;
      notify({ type: 'success', title: to ? `Moved to ${to}` : 'Moved to your personal sites' });
    },
    onError: (err) =>
      notify({ type: 'error', title: 'Move failed', message: errorMessage(err, '') || undefined }),
  });

  if (!site.teamId && targets.length === 0) return null;
  return (
    <Card className="p-5">
      <h2 className="flex items-center gap-2 font-semibold">
        <Users className="h-4 w-4 text-slate-500" aria-hidden /> Where it belongs
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {site.teamId
          ? `A site of the team ${team?.name ?? ''}; it counts against the team owner's plan.`
          : 'One of your personal sites.'}
      </p>
      {site.teamId ? (
        role &&
        MAY_MOVE_OUT.includes(role) && (
          <Button
            variant="secondary"
            size="sm"
            className="mt-3"
            loading={move.isPending}
            onClick={() => move.mutate(null)}
          >
            Move to Personal
          </Button>
        )
      ) : (
        <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
          <label htmlFor="move-to-team" className="sr-only">
            Team
          </label>
          <select
            id="move-to-team"
            value={chosen}
            onChange={(e) => setTarget(e.target.value)}
            className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-900 shadow-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
          >
            {targets.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
          <Button
            variant="secondary"
            size="sm"
            loading={move.isPending}
            onClick={() => move.mutate(chosen)}
          >
            Move to team…
          </Button>
        </div>
      )}
    </Card>
  );
}

/** What a team's viewer sees instead of the settings panels. */
export function ViewOnlyNote() {
  return (
    <Card className="flex items-start gap-3 p-5 text-sm text-slate-600 dark:text-slate-400">
      <Eye className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <p>
        You are a viewer in this site&apos;s team: you see its versions, logs and analytics; its
        domain, AI and page settings are changed by the team&apos;s members.
      </p>
    </Card>
  );
}
