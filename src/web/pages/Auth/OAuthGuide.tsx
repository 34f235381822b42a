import { ChevronDown } from 'lucide-react';
import { useState } from 'react';

/** Collapsible notes for whoever runs this installation and wants social sign-in. */
export function OAuthGuide() {
  const [open, setOpen] = useState(false);
  return (
    <div className="rounded-lg border border-slate-200 text-sm dark:border-slate-800">
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        className="flex w-full items-center justify-between px-4 py-3 text-left font-medium"
      >
        OAuth setup guide
        <ChevronDown
          className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`}
          aria-hidden
        />
      </button>
      {open && (
        <div className="space-y-2 border-t border-slate-200 px-4 py-3 text-slate-600 dark:border-slate-800 dark:text-slate-400">
          <p>
            Social sign-in needs an OAuth app at each provider, created by whoever runs this
            installation:
          </p>
          <ol className="list-decimal space-y-1 pl-5">
            <li>
              GitHub: Settings → Developer settings → OAuth Apps → New. Callback URL:{' '}
              <code className="rounded bg-slate-100 px-1 dark:bg-slate-800">
                /api/auth/github/callback
              </code>{' '}
              on this host.
            </li>
            <li>
              Google: Cloud Console → APIs &amp; Services → Credentials → OAuth client ID (Web).
              Redirect URI:{' '}
              <code className="rounded bg-slate-100 px-1 dark:bg-slate-800">
                /api/auth/google/callback
              </code>
              .
            </li>
            <li>Put the client ids and secrets in the server's environment and restart it.</li>
          </ol>
          <p>Until then, sign up with your email and a password, or continue as a guest.</p>
        </div>
      )}
    </div>
  );
}
