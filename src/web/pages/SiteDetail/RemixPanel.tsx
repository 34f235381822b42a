import { Shuffle } from 'lucide-react';
import type { Site } from '../../../shared/site';
import { errorMessage } from '../../api/client';
import { Card } from '../../components/ui/Card';
import { Switch } from '../../components/ui/Switch';
import { useSetRemixAllowed } from '../../hooks/sites';
import { useToast } from '../../hooks/toasts';

const times = (n: number) => (n === 1 ? 'once' : `${n} times`);

/**
 * Remix: whether visitors see the Remix button and may copy the site's source into a site of
 * their own; how often they did; and, on a remix, the site it came from. Without `mayChange`
 * (a team's viewer) the facts only.
 */
export function RemixPanel({ site, mayChange }: { site: Site; mayChange: boolean }) {
  const notify = useToast();
  const change = useSetRemixAllowed(site.id);
  const { allowed, count, from } = site.remix;
  return (
    <Card className="p-5 sm:p-6" aria-labelledby="remix-heading">
      <div className="flex items-center gap-2">
        <Shuffle className="h-5 w-5 text-slate-400" aria-hidden />
        <h2 id="remix-heading" className="font-semibold">
          Remix
        </h2>
        {mayChange && (
          <label className="ml-auto flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
            Allow remixing
            <Switch
              checked={allowed}
              disabled={change.isPending || (site.private && !allowed)}
              label="Allow remixing"
              onChange={(next) =>
                change.mutate(next, {
                  onSuccess: () =>
                    notify({
                      type: 'success',
                      title: next ? 'Remixing is allowed' : 'Remixing is off',
                    }),
                  onError: (err) =>
                    notify({
                      type: 'error',
                      title: 'Remixing was not changed',
                      message: errorMessage(err, '') || undefined,
                    }),
                })
              }
            />
          </label>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {site.private
          ? 'A password-protected site cannot be remixed by visitors.'
          : allowed
            ? 'Visitors see a small Remix button in the corner of the site. It copies the source, and nothing else, into a new site of their own.'
            : 'When allowed, visitors see a small Remix button that copies the source, and nothing else, into a new site of their own.'}
      </p>
      <p className="mt-3 text-sm text-slate-700 dark:text-slate-300" data-testid="remix-count">
        {count === 0 ? 'Not remixed yet.' : `Remixed ${times(count)}.`}
      </p>
      {from && (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          Remixed from{' '}
          <a
            href={from.url}
            target="_blank"
            rel="noreferrer"
            className="break-all font-medium text-brand-600 hover:underline dark:text-brand-400"
          >
            {from.url.replace(/^https?:\/\//, '')}
          </a>
        </p>
      )}
    </Card>
  );
}
