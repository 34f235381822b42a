import { Link2, Lock, LockOpen } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { includesPrivateSites, PLANS, type PlanName } from '../../../shared/plans';
import { MAX_SITE_PASSWORD, MIN_SITE_PASSWORD } from '../../../shared/site-access';
import type { Site } from '../../../shared/site';
import { errorMessage } from '../../api/client';
import { CopyButton } from '../../components/CopyButton';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Field } from '../../components/ui/Field';
import { BILLING_PATH } from '../../hooks/billing';
import {
  useCreateShareLink,
  useRevokeShareLink,
  useSetSitePassword,
  useShareLinks,
} from '../../hooks/site-access';
import { useToast } from '../../hooks/toasts';

/**
 * Who may see the site: everyone, or those with its password or a share link (Starter, Pro).
 * A team site is judged by its team owner's plan, which the server checks.
 */
export function AccessPanel({ site, plan }: { site: Site; plan: PlanName }) {
  const allowed = Boolean(site.teamId) || includesPrivateSites(plan);
  return (
    <Card className="p-5 sm:p-6" aria-labelledby="access-heading">
      <div className="flex items-center gap-2">
        {site.private ? (
          <Lock className="h-5 w-5 text-slate-400" aria-hidden />
        ) : (
          <LockOpen className="h-5 w-5 text-slate-400" aria-hidden />
        )}
        <h2 id="access-heading" className="font-semibold">
          Access
        </h2>
        <span
          className={
            site.private
              ? 'ml-auto rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-800 dark:bg-amber-950/60 dark:text-amber-300'
              : 'ml-auto rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-300'
          }
        >
          {site.private ? 'Password protected' : 'Public'}
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {site.private
          ? 'Visitors are asked for the password before they see anything of the site, its version links and custom domain included.'
          : 'Anyone with the address can see the site.'}
      </p>
      {!allowed && !site.private ? (
        <p className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-950/50 dark:text-amber-300">
          Password-protected sites come with the Starter and Pro plans. Your account is on the{' '}
          {PLANS[plan].label} plan.{' '}
          <Link
            to={BILLING_PATH}
            className="font-medium text-brand-600 hover:underline dark:text-brand-400"
          >
            See plans
          </Link>
        </p>
      ) : (
        <PasswordForm key={String(site.private)} site={site} />
      )}
      {site.private && <ShareLinks site={site} />}
    </Card>
  );
}

function PasswordForm({ site }: { site: Site }) {
  const notify = useToast();
  const save = useSetSitePassword(site.id);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (password.length < MIN_SITE_PASSWORD) {
      setProblem(`Use at least ${MIN_SITE_PASSWORD} characters.`);
      return;
    }
    setProblem(null);
    save.mutate(password, {
      onSuccess: () => {
        setPassword('');
        notify({
          type: 'success',
          title: site.private ? 'Password changed' : 'The site is now password protected',
          message: site.private ? 'Everyone let in before is asked for the new one.' : undefined,
        });
      },
      onError: (err) => setProblem(errorMessage(err, 'The password was not saved.')),
    });
  };

  const makePublic = () =>
    save.mutate(null, {
      onSuccess: () => notify({ type: 'success', title: 'The site is public again' }),
      onError: (err) =>
        notify({
          type: 'error',
          title: 'The site is still private',
          message: errorMessage(err, '') || undefined,
        }),
    });

  return (
    <form noValidate onSubmit={submit} className="mt-4 space-y-3">
      <Field
        label={site.private ? 'New password' : 'Password'}
        type="password"
        autoComplete="new-password"
        value={password}
        maxLength={MAX_SITE_PASSWORD}
        error={problem}
        hint={
          site.private
            ? 'Changing it asks everyone let in before for the new one.'
            : `At least ${MIN_SITE_PASSWORD} characters. Give it to the people who may see the site.`
        }
        onChange={(e) => setPassword(e.target.value)}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" loading={save.isPending && save.variables !== null}>
          {site.private ? 'Change password' : 'Protect with password'}
        </Button>
        {site.private && (
          <Button
            type="button"
            size="sm"
            variant="secondary"
            onClick={makePublic}
            loading={save.isPending && save.variables === null}
          >
            Remove password
          </Button>
        )}
      </div>
    </form>
  );
}

function ShareLinks({ site }: { site: Site }) {
  const notify = useToast();
  const links = useShareLinks(site.id, true);
  const create = useCreateShareLink(site.id);
  const revoke = useRevokeShareLink(site.id);
  const [label, setLabel] = useState('');
  const [made, setMade] = useState<{ id: string; url: string } | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(label.trim(), {
      onSuccess: (link) => {
        setMade({ id: link.id, url: link.url });
        setLabel('');
      },
      onError: (err) =>
        notify({
          type: 'error',
          title: 'No share link was made',
          message: errorMessage(err, '') || undefined,
        }),
    });
  };

  return (
    <div className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-800">
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <Link2 className="h-4 w-4 text-slate-400" aria-hidden /> Share links
      </h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        A share link lets whoever holds it in without the password, until you revoke it.
      </p>
      {made && (
        <div className="mt-3 rounded-lg border border-brand-200 bg-brand-50 p-3 dark:border-brand-800 dark:bg-brand-900/30">
          <p className="text-sm font-medium">Copy the link now: it is shown only this once.</p>
          <div className="mt-2 flex items-center gap-2">
            <input
              readOnly
              aria-label="New share link"
              value={made.url}
              onFocus={(e) => e.currentTarget.select()}
              className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 py-1 font-mono text-xs dark:border-slate-700 dark:bg-slate-900"
            />
            <CopyButton text={made.url} label="Copy share link" />
          </div>
        </div>
      )}
      {links.isError && (
        <p className="mt-3 text-sm text-red-600 dark:text-red-400">
          {errorMessage(links.error, 'The share links could not be loaded.')}
        </p>
      )}
      {links.data && links.data.length > 0 && (
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
          {links.data.map((link) => (
            <li key={link.id} className="flex items-center justify-between gap-3 py-2">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium">{link.label}</p>
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  Made {new Date(link.createdAt).toLocaleDateString()}
                </p>
              </div>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Revoke ${link.label}`}
                loading={revoke.isPending && revoke.variables === link.id}
                onClick={() =>
                  revoke.mutate(link.id, {
                    onSuccess: () => {
                      if (made?.id === link.id) setMade(null);
                      notify({ type: 'success', title: 'Share link revoked' });
                    },
                    onError: (err) =>
                      notify({
                        type: 'error',
                        title: 'The share link still works',
                        message: errorMessage(err, '') || undefined,
                      }),
                  })
                }
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
      {links.data?.length === 0 && !made && (
        <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">No share links yet.</p>
      )}
      <form noValidate onSubmit={submit} className="mt-3 flex items-end gap-2">
        <Field
          className="min-w-0 flex-1"
          label="Label (optional)"
          placeholder="For whom"
          value={label}
          maxLength={80}
          onChange={(e) => setLabel(e.target.value)}
        />
        <Button type="submit" size="md" variant="secondary" loading={create.isPending}>
          Create share link
        </Button>
      </form>
    </div>
  );
}
