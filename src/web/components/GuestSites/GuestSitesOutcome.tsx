import { useEffect, useRef } from 'react';
import { errorMessage } from '../../api/client';
import { useSession } from '../../hooks/session';
import { useToast } from '../../hooks/toasts';
import { PickSitesDialog } from './PickSitesDialog';
import { movedMessage, useKeepSites } from '../../hooks/claims';

/**
 * After a sign-up or sign-in from a browser that had guest sites: a toast when they all moved,
 * the pick dialog when the plan could not take them all. Shown once, wherever sign-in lands.
 */
export function GuestSitesOutcome() {
  const { guestClaim, clearGuestClaim } = useSession();
  const notify = useToast();
  const keep = useKeepSites(() => clearGuestClaim());
  // One toast per sign-in, even when an effect runs twice (StrictMode, a second mount).
  const announced = useRef<typeof guestClaim>(null);

  useEffect(() => {
    if (!guestClaim || guestClaim.moved.length === 0 || announced.current === guestClaim) return;
    announced.current = guestClaim;
    notify({ type: 'success', title: movedMessage(guestClaim.moved.length) });
    clearGuestClaim();
  }, [guestClaim, notify, clearGuestClaim]);

  if (!guestClaim || guestClaim.claimable.length === 0 || !guestClaim.claimToken) return null;
  const claimToken = guestClaim.claimToken;
  return (
    <PickSitesDialog
      open
      source="browser"
      sites={guestClaim.claimable}
      maxClaimable={guestClaim.maxClaimable}
      plan={guestClaim.plan}
      busy={keep.isPending}
      error={
        keep.isError
          ? errorMessage(keep.error, 'Could not move the sites. Please try again.')
          : null
      }
      onKeep={(siteIds) => keep.mutate({ claimToken, siteIds })}
      onClose={clearGuestClaim}
    />
  );
}
