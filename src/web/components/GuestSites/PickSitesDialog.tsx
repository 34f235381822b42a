import { Crown, Globe } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ClaimableSite } from '../../../shared/claim';
import { PLANS, type PlanName } from '../../../shared/plans';
import { ErrorBox } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { BILLING_PATH } from '../../hooks/billing';
import { timeLeft } from '../../lib/format';

interface PickSitesDialogProps {
  open: boolean;
  sites: ClaimableSite[];
  /** How many more sites the plan takes; null: no limit (never asked then). */
  maxClaimable: number | null;
  plan: PlanName;
  busy: boolean;
  error: string | null;
  onKeep: (siteIds: string[]) => void;
  onClose: () => void;
  /** Where the sites come from: this browser's guest session, or a claim link. */
  source: 'browser' | 'link';
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * More guest sites than the plan has room for: the person picks which to keep; the rest stay
 * guest sites and expire on time. With no room at all there is nothing to pick, only the ways
 * to make room.
 */
export function PickSitesDialog(props: PickSitesDialogProps) {
  const { sites, maxClaimable, plan, busy, error, onKeep, onClose, source } = props;
  const room = maxClaimable ?? sites.length;
  // The ones that would expire last are worth the most days: chosen first.
  const [chosen, setChosen] = useState<string[]>(() =>
    [...sites]
      .sort((a, b) => (b.expiresAt ?? '').localeCompare(a.expiresAt ?? ''))
      .slice(0, room)
      .map((s) => s.id),
  );
  const full = chosen.length >= room;
  const toggle = (id: string) =>
    setChosen((all) =>
      all.includes(id) ? all.filter((x) => x !== id) : full ? all : [...all, id],
    );

  return (
    <Dialog
      open={props.open}
      onClose={onClose}
      title={room === 0 ? 'No room for your guest sites' : 'Choose the guest sites to keep'}
      icon={
        <span className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-100 text-brand-700 dark:bg-brand-900/40 dark:text-brand-300">
          <Globe className="h-5 w-5" aria-hidden />
        </span>
      }
      footer={
        room === 0 ? (
          <>
            <Button variant="secondary" onClick={onClose}>
              {sites.length === 1 ? 'Let it expire' : 'Let them expire'}
            </Button>
            <Link
              to={BILLING_PATH}
              onClick={onClose}
              className="inline-flex h-10 items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 text-sm font-medium text-white shadow-sm hover:bg-brand-700"
            >
              <Crown className="h-4 w-4" aria-hidden /> See plans
            </Link>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              Not now
            </Button>
            <Button onClick={() => onKeep(chosen)} disabled={chosen.length === 0} loading={busy}>
              Keep {plural(chosen.length, 'site')}
            </Button>
          </>
        )
      }
    >
      <p>{explain(source, sites.length, room, PLANS[plan].label)}</p>
      <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-700">
        {sites.map((site) => {
          const checked = chosen.includes(site.id);
          const locked = room === 0 || (!checked && full);
          return (
            <li key={site.id}>
              <label
                className={`flex items-center gap-3 px-3 py-2.5 ${locked ? 'cursor-not-allowed opacity-60' : 'cursor-pointer hover:bg-slate-50 dark:hover:bg-slate-800/60'}`}
              >
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={locked || busy}
                  onChange={() => toggle(site.id)}
                  className="h-4 w-4 shrink-0 rounded border-slate-300 text-brand-600 focus:ring-brand-500 dark:border-slate-600 dark:bg-slate-800"
                />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-slate-900 dark:text-slate-100">
                    {site.subdomain}
                  </span>
                  <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
                    {site.url.replace(/^https?:\/\//, '')}
                  </span>
                </span>
                {site.expiresAt && (
                  <span className="shrink-0 text-xs text-amber-600 dark:text-amber-400">
                    {timeLeft(site.expiresAt)}
                  </span>
                )}
              </label>
            </li>
          );
        })}
      </ul>
      {room > 0 && (
        <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
          {chosen.length} of {room} chosen
        </p>
      )}
      {error && (
        <div className="mt-4">
          <ErrorBox>{error}</ErrorBox>
        </div>
      )}
    </Dialog>
  );
}

/** Why the person is asked, and what becomes of the sites they do not keep. */
function explain(source: 'browser' | 'link', count: number, room: number, label: string): string {
  const these =
    source === 'browser'
      ? `the ${plural(count, 'guest site')} you made in this browser`
      : count === 1
        ? 'the guest site of this claim link'
        : `the ${count} guest sites of this claim link`;
  if (room === 0) {
    return source === 'browser'
      ? `Your ${label} plan is full, so ${these} cannot move into your account: they stay guest sites and expire on time. Upgrade for room to keep sites like these.`
      : `Your ${label} plan is full, so ${these} cannot move into your account. Delete a site from your dashboard or upgrade, then open the link again.`;
  }
  return `Your ${label} plan has room for ${plural(room, 'more site')}: choose which of ${these} to keep. The sites you keep stop expiring and keep their addresses; the others stay guest sites and expire on time.`;
}
