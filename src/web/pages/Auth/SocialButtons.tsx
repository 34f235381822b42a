import { useState } from 'react';
import type { OAuthPublicConfig } from '../../../shared/oauth';

// Social sign-in leaves the app: the server redirects to the provider, which returns to
// /auth/callback with a one-time code or an error. A provider this server has no app for
// says so here instead of sending the person away and back.
const providers = [
  { id: 'github', label: 'GitHub', icon: GitHubMark },
  { id: 'google', label: 'Google', icon: GoogleMark },
] as const;

export function SocialButtons({ config }: { config: OAuthPublicConfig }) {
  const [unavailable, setUnavailable] = useState<string | null>(null);
  return (
    <div>
      <div className="grid grid-cols-2 gap-3">
        {providers.map(({ id, label, icon: Icon }) => (
          <a
            key={id}
            href={`/api/auth/${id}`}
            onClick={(event) => {
              if (config.providers[id].configured) return;
              event.preventDefault();
              setUnavailable(`${label} sign-in is not set up on this server.`);
            }}
            className="inline-flex h-10 items-center justify-center gap-2 rounded-lg border border-slate-200 bg-white text-sm font-medium shadow-sm hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800"
          >
            <Icon />
            {label}
          </a>
        ))}
      </div>
      {/* Beside the buttons, where the person is looking after pressing one. */}
      {unavailable && (
        <p role="alert" className="mt-3 text-center text-sm text-amber-700 dark:text-amber-300">
          {unavailable}
        </p>
      )}
    </div>
  );
}

function GitHubMark() {
  return (
    <svg viewBox="0 0 16 16" className="h-4 w-4" fill="currentColor" aria-hidden>
      <path d="M8 0C3.58 0 0 3.58 0 8c0 3.54 2.29 6.53 5.47 7.59.4.07.55-.17.55-.38 0-.19-.01-.82-.01-1.49-2.01.37-2.53-.49-2.69-.94-.09-.23-.48-.94-.82-1.13-.28-.15-.68-.52-.01-.53.63-.01 1.08.58 1.23.82.72 1.21 1.87.87 2.33.66.07-.52.28-.87.51-1.07-1.78-.2-3.64-.89-3.64-3.95 0-.87.31-1.59.82-2.15-.08-.2-.36-1.02.08-2.12 0 0 .67-.21 2.2.82.64-.18 1.32-.27 2-.27.68 0 1.36.09 2 .27 1.53-1.04 2.2-.82 2.2-.82.44 1.1.16 1.92.08 2.12.51.56.82 1.27.82 2.15 0 3.07-1.87 3.75-3.65 3.95.29.25.54.73.54 1.48 0 1.07-.01 1.93-.01 2.2 0 .21.15.46.55.38A8.013 8.013 0 0016 8c0-4.42-3.58-8-8-8z" />
    </svg>
  );
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden>
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
      />
      <path
        fill="#FBBC05"
        d="M5.84 14.09a6.6 6.6 0 0 1 0-4.18V7.07H2.18a11 11 0 0 0 0 9.86l3.66-2.84z"
      />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.56 10.56 0 0 0 12 1 11 11 0 0 0 2.18 7.07l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38z"
      />
    </svg>
  );
}
