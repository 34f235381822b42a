import type { TeamsResponse } from '../../../shared/team';

/**
 * Where a new site goes: the person's own sites, or a team where their role may create sites
 * (it then counts against the team owner's plan). A new version of an existing site stays
 * where that site is, whatever is chosen here.
 */
export function WhereTo({
  value,
  teams,
  onChange,
  disabled,
  className,
}: {
  value: string;
  teams: TeamsResponse['teams'];
  onChange: (value: string) => void;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <div className={className}>
      <label
        htmlFor="deploy-where-to"
        className="block text-sm font-medium text-slate-700 dark:text-slate-300"
      >
        Where to
      </label>
      <select
        id="deploy-where-to"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby="deploy-where-to-hint"
        className="mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        <option value="personal">Personal</option>
        {teams.map((team) => (
          <option key={team.id} value={team.id}>
            {team.name} (team)
          </option>
        ))}
      </select>
      <p id="deploy-where-to-hint" className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
        A team site is shared with the team and counts against its owner&apos;s plan. A new version
        of an existing site stays where that site is.
      </p>
    </div>
  );
}
