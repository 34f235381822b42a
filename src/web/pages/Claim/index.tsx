import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Gift, LinkIcon, XCircle } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { claimsApi } from '../../api/claims';
import { errorMessage } from '../../api/client';
import { PageLayout } from '../../components/PageLayout';
import { ErrorBox } from '../../components/ui/Alert';
import { Button, buttonStyles } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { GuestSitesOutcome } from '../../components/GuestSites/GuestSitesOutcome';
import { PickSitesDialog } from '../../components/GuestSites/PickSitesDialog';
import { useKeepSites } from '../../hooks/claims';
import { useSession } from '../../hooks/session';
import { forgetReturnAfterSignIn, returnHereAfterSignIn } from '../../lib/return-after-sign-in';
import { ClaimSiteList } from './ClaimSiteList';

const plural = (n: number) => (n === 1 ? 'this site' : `these ${n} sites`);

/**
 * /claim/{token}: the link a session-less API deploy answered with. Signed in, the site moves
 * at once (or the person picks, over the plan's limit); signed out, they sign up or sign in
 * first and come back here to finish.
 */
export function ClaimPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { user, loading } = useSession();
  const info = useQuery({
    queryKey: ['claim', token],
    queryFn: () => claimsApi.info(token),
    retry: false,
  });
  const keep = useKeepSites(() => forgetReturnAfterSignIn());
  const [picking, setPicking] = useState(true);
  const signedIn = Boolean(user && !user.isGuest);
  const started = useRef(false);

  // Opening the link signed in is the request to keep its sites: once, whatever re-renders.
  useEffect(() => {
    if (started.current || !signedIn || !info.data) return;
    started.current = true;
    keep.mutate({ claimToken: token });
  }, [signedIn, info.data, token, keep]);

  useEffect(() => {
    if (info.isError) forgetReturnAfterSignIn();
  }, [info.isError]);

  const toAuth = (mode: 'signup' | 'signin') => {
    returnHereAfterSignIn(`/claim/${encodeURIComponent(token)}`);
    navigate(mode === 'signup' ? '/auth?mode=signup' : '/auth');
  };

  let body: ReactNode;
  // Outside the card, so the dialog does not inherit its centred text.
  let dialog: ReactNode = null;
  if (info.isPending || loading || (signedIn && info.data && keep.isIdle)) {
    body = <Spinner label="Loading..." />;
  } else if (info.isError) {
    body = (
      <Outcome
        icon={<XCircle className="h-10 w-10 text-red-600" aria-hidden />}
        title="This link cannot be used"
      >
        <p>{errorMessage(info.error, 'This claim link could not be opened.')}</p>
        <Actions />
      </Outcome>
    );
  } else if (!signedIn) {
    const sites = info.data.sites;
    body = (
      <Outcome
        icon={<Gift className="h-10 w-10 text-brand-600 dark:text-brand-400" aria-hidden />}
        title={`Keep ${plural(sites.length)}`}
      >
        <p>
          {sites.length === 1
            ? 'This guest site was deployed without an account and expires 24 hours after it was made. Create a free account or sign in to keep it: it stops expiring and keeps its address.'
            : 'These guest sites were deployed without an account and expire 24 hours after they were made. Create a free account or sign in to keep them: they stop expiring and keep their addresses.'}
        </p>
        <div className="mt-5">
          <ClaimSiteList sites={sites} />
        </div>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
          <Button onClick={() => toAuth('signup')}>Create a free account</Button>
          <Button variant="secondary" onClick={() => toAuth('signin')}>
            Sign in
          </Button>
        </div>
      </Outcome>
    );
  } else if (keep.isPending) {
    body = <Spinner label="Moving to your account..." />;
  } else if (keep.isError) {
    body = (
      <Outcome
        icon={<XCircle className="h-10 w-10 text-red-600" aria-hidden />}
        title="Could not keep the site"
      >
        <ErrorBox>
          {errorMessage(keep.error, 'Could not move the site. Please try again.')}
        </ErrorBox>
        <Actions />
      </Outcome>
    );
  } else if (keep.data && keep.data.moved.length > 0) {
    body = (
      <Outcome
        icon={<CheckCircle2 className="h-10 w-10 text-green-600" aria-hidden />}
        title={
          keep.data.moved.length === 1
            ? 'Site moved to your account'
            : 'Sites moved to your account'
        }
      >
        <p>No longer a guest site: it stays up for as long as your account has it.</p>
        <div className="mt-5">
          <ClaimSiteList sites={keep.data.moved} kept />
        </div>
        <Actions />
      </Outcome>
    );
  } else if (keep.data) {
    const claim = keep.data;
    body = (
      <Outcome
        icon={<LinkIcon className="h-10 w-10 text-amber-600" aria-hidden />}
        title="Your plan is full"
      >
        <p>
          {claim.maxClaimable === 0
            ? 'There is no room in your plan for more sites. Delete a site or upgrade, then open this link again.'
            : `Your plan has room for ${claim.maxClaimable} more site${claim.maxClaimable === 1 ? '' : 's'}: choose which to keep.`}{' '}
          Until then {plural(claim.claimable.length)} stay guest sites and expire on time.
        </p>
        <div className="mt-5">
          <ClaimSiteList sites={claim.claimable} />
        </div>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
          <Button onClick={() => setPicking(true)}>Choose sites to keep</Button>
          <Link to="/dashboard" className={buttonStyles({ variant: 'secondary' })}>
            Go to dashboard
          </Link>
        </div>
      </Outcome>
    );
    dialog = (
      <PickSitesDialog
        open={picking}
        source="link"
        sites={claim.claimable}
        maxClaimable={claim.maxClaimable}
        plan={claim.plan}
        busy={false}
        error={null}
        onKeep={(siteIds) => keep.mutate({ claimToken: token, siteIds })}
        onClose={() => setPicking(false)}
      />
    );
  }

  return (
    <PageLayout
      variant="subpage"
      backTo="/dashboard"
      backText="Dashboard"
      title="Claim site"
      width="narrow"
    >
      <div className="flex justify-center py-6 sm:py-10">{body}</div>
      {dialog}
      <GuestSitesOutcome />
    </PageLayout>
  );
}

function Outcome({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <Card className="w-full max-w-lg p-6 text-center sm:p-8">
      <div className="flex justify-center">{icon}</div>
      <h1 className="mt-3 text-xl font-semibold sm:text-2xl">{title}</h1>
      <div className="mt-3 text-sm text-slate-600 dark:text-slate-300">{children}</div>
    </Card>
  );
}

function Actions() {
  return (
    <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
      <Link to="/dashboard" className={buttonStyles({ variant: 'primary' })}>
        Go to dashboard
      </Link>
      <Link to="/upload" className={buttonStyles({ variant: 'secondary' })}>
        Deploy a new site
      </Link>
    </div>
  );
}
