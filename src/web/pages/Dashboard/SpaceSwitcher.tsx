import { Users } from 'lucide-react';
import type { TeamsResponse } from '../../../shared/team';

/**
 * "Personal" or one of the person's teams: which sites the dashboard lists. Shown only to
 * someone in at least one team; the choice is remembered per browser (useSpace).
 */
export function SpaceSwitcher({
  space,
  teams,
  onChange,
}: {
  space: string;
  teams: TeamsResponse['teams'];
  onChange: (space: string) => void;
}) {
  if (teams.length === 0) return null;
  return (
    <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-700 dark:text-slate-300">
      <Users className="h-4 w-4 text-slate-500" aria-hidden />
      <span>Space</span>
      <select
        value={space}
        onChange={(e) => onChange(e.target.value)}
        className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        <option value="personal">Personal</option>
        {teams.map((team) => (
          <option key={team.id} value={team.id}>
            {team.name}
          </option>
        ))}
      </select>
    </label>
  );
}
