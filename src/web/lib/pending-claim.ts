// A claim link opened by someone signed out: its token waits in this tab while they sign up
// or sign in (a social sign-in leaves the app and comes back to the same tab), then the app
// returns to the claim page, which completes the claim.
const KEY = 'pending_claim';

export function setPendingClaim(token: string): void {
  try {
    sessionStorage.setItem(KEY, token);
  } catch {
    // storage refused (private mode): the person opens the link again after signing in
  }
}

export function clearPendingClaim(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}

/** Where to go after signing in: the waiting claim page, or the dashboard. */
export function pathAfterSignIn(): string {
  let token: string | null = null;
  try {
    token = sessionStorage.getItem(KEY);
  } catch {
    token = null;
  }
  return token ? `/claim/${encodeURIComponent(token)}` : '/dashboard';
}
