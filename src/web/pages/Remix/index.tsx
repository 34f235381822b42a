import { useQuery } from '@tanstack/react-query';
import { Shuffle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { checkSubdomain } from '../../../shared/subdomain';
import { ApiRequestError, errorMessage, getToken } from '../../api/client';
import { remixApi } from '../../api/remix';
import { PageLayout } from '../../components/PageLayout';
import { ErrorBox } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { useSession } from '../../hooks/session';
import { GuestNote } from '../Upload/GuestNote';
import { PlanLimitDialog, readPlanLimit, type PlanLimit } from '../Upload/PlanLimitDialog';
import { SubdomainField } from '../Upload/SubdomainField';

/** A first suggestion for the remix's address: the original's, marked as a remix. */
function suggestedName(subdomain: string): string {
  return `${subdomain.slice(0, 50)}-remix`;
}

/**
 * /remix/:siteId, where a site's Remix button leads: the original, a subdomain to choose, and
 * the copy opened in the editor. Someone who never signed in gets a 24-hour guest site, as on
 * the deploy page.
 */
export function RemixPage() {
  const { siteId = '' } = useParams();
  const navigate = useNavigate();
  const { user, loading, continueAsGuest } = useSession();
  const original = useQuery({
    queryKey: ['remix-original', siteId, user?.id ?? null],
    queryFn: () => remixApi.original(siteId),
    retry: false,
    enabled: !loading,
  });
  const [subdomain, setSubdomain] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [limit, setLimit] = useState<PlanLimit | null>(null);
  const signedIn = Boolean(user && !user.isGuest);
  const name = subdomain ?? (original.data ? suggestedName(original.data.subdomain) : '');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const checked = checkSubdomain(name);
    setProblem(checked.ok ? undefined : checked.message);
    if (!checked.ok) return;
    setBusy(true);
    try {
      // A stored token whose check is still running is a session already, not a new guest.
      if (!user && !getToken()) await continueAsGuest();
      const made = await remixApi.remix(siteId, checked.subdomain);
      navigate(`/sites/${encodeURIComponent(made.site.id)}/edit`);
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiRequestError && err.code === 'PLAN_LIMIT') {
        setLimit(readPlanLimit(err.details));
      } else if (err instanceof ApiRequestError && err.status === 409) {
        setProblem(errorMessage(err, 'This subdomain is already taken.'));
      } else {
        setFailure(errorMessage(err, 'The remix could not be made.'));
      }
    }
  };

  let body;
  if (loading || original.isPending) {
    body = (
      <div className="flex justify-center py-16">
        <Spinner label="Loading..." />
      </div>
    );
  } else if (original.isError) {
    body = (
      <Card className="p-6 text-center">
        <h2 className="text-lg font-semibold">This site cannot be remixed</h2>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {errorMessage(original.error, 'The site could not be found.')}
        </p>
      </Card>
    );
  } else {
    const o = original.data;
    body = (
      <>
        <Card className="p-5 sm:p-6">
          <p className="text-sm text-slate-500 dark:text-slate-400">Remixing</p>
          <h2 className="mt-1 text-xl font-semibold break-all" data-testid="remix-original">
            {o.name}
          </h2>
          <a
            href={o.url}
            target="_blank"
            rel="noreferrer"
            className="mt-1 inline-block text-sm break-all text-brand-600 hover:underline dark:text-brand-400"
          >
            {o.url.replace(/^https?:\/\//, '')}
          </a>
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
            Its source is copied into a new site of your own, which opens in the editor. Nothing
            else comes with it: no keys, stored data, domain or settings of the original.
          </p>
        </Card>
        {!signedIn && (
          <div className="mt-6">
            <GuestNote />
          </div>
        )}
        <form onSubmit={submit} noValidate className="mt-6">
          <Card className="space-y-4 p-5 sm:p-6">
            <SubdomainField
              value={name}
              onChange={(v) => {
                setSubdomain(v);
                setProblem(undefined);
              }}
              error={problem}
              disabled={busy}
              emptyHint="Lower-case letters, digits and hyphens: the address of your remix, a new site."
            />
            {failure && <ErrorBox>{failure}</ErrorBox>}
            <Button type="submit" disabled={busy || name === ''} className="w-full sm:w-auto">
              <Shuffle className="h-4 w-4" aria-hidden />
              {busy ? 'Remixing...' : 'Remix'}
            </Button>
          </Card>
        </form>
        <PlanLimitDialog limit={limit} signedIn={signedIn} onClose={() => setLimit(null)} />
      </>
    );
  }

  return (
    <PageLayout variant="subpage" backTo="/" backText="Home" title="Remix" width="narrow">
      {body}
    </PageLayout>
  );
}
