// A link that needs an account (a claim link, a team invitation) opened by someone signed out:
// its page is remembered while they sign up or sign in, confirm their address, or go through
// a social sign-in (which leaves the app and comes back), then the app returns to it to finish
// what the link was for. Kept in localStorage rather than this tab's sessionStorage: the
// confirmation e-mail's link opens a new tab, which must find its way back too.
const KEY = 'return_after_sign_in';
// A link left unfinished is forgotten after a day, so it does not hijack a later sign-in.
const KEEP_MS = 24 * 60 * 60 * 1000;

/** Remembers `path` (the link's own page) as where to come back after signing in. */
export function returnHereAfterSignIn(path: string): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ path, at: Date.now() }));
  } catch {
    // storage refused (private mode): the person opens the link again after signing in
  }
}

/** The link's work is done or cannot be done: signing in goes to the dashboard again. */
export function forgetReturnAfterSignIn(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}

/** The page a link left waiting, if any. */
export function pendingReturn(): string | null {
  try {
    const { path, at } = JSON.parse(localStorage.getItem(KEY) ?? 'null') as {
      path?: unknown;
      at?: unknown;
    };
    if (typeof path !== 'string' || typeof at !== 'number' || Date.now() - at > KEEP_MS) {
      return null;
    }
    // Only a path inside the app: nothing stored may send a person to another site.
    return path.startsWith('/') && !path.startsWith('//') ? path : null;
  } catch {
    return null;
  }
}

/** Where to go after signing in: the waiting link's page, or the dashboard. */
export function pathAfterSignIn(): string {
  return pendingReturn() ?? '/dashboard';
}
