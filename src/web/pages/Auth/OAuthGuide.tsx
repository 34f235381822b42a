import { ChevronDown } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { OAuthPublicConfig } from '../../../shared/oauth';

// For whoever runs this server: what to register with each provider and which variables to
// set. The callback URLs come from the server, so they are the ones it will really use.

const PROVIDERS = [
  {
    id: 'github',
    label: 'GitHub',
    where: 'GitHub → Settings → Developer settings → OAuth Apps → New OAuth App',
    field: 'Authorization callback URL',
    variables: ['GITHUB_CLIENT_ID', 'GITHUB_CLIENT_SECRET'],
  },
  {
    id: 'google',
    label: 'Google',
    where:
      'Google Cloud console → APIs & Services → Credentials → OAuth client ID (Web application)',
    field: 'Authorized redirect URI',
    variables: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  },
] as const;

const Code = ({ children }: { children: ReactNode }) => (
  // break-words: a callback URL is one long word, wider than a phone.
  <code className="break-words rounded bg-slate-100 px-1 py-0.5 font-mono text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-200">
    {children}
  </code>
);

export function OAuthGuide({ config }: { config: OAuthPublicConfig }) {
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
        <div className="space-y-4 border-t border-slate-200 px-4 py-3 text-slate-600 dark:border-slate-800 dark:text-slate-400">
          <p>
            Sign-in with GitHub or Google needs an OAuth app registered by whoever runs this server.
            Register one with each provider, set its variables, and restart the server.
          </p>
          {PROVIDERS.map((p) => {
            const { configured, callbackUrl } = config.providers[p.id];
            return (
              <section key={p.id} aria-label={`${p.label} setup`} className="space-y-1.5">
                <h3 className="flex items-center gap-2 font-medium text-slate-900 dark:text-slate-100">
                  {p.label}
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-medium ${
                      configured
                        ? 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300'
                        : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300'
                    }`}
                  >
                    {configured ? 'Set up' : 'Not set up'}
                  </span>
                </h3>
                <p>{p.where}.</p>
                <p>
                  {p.field}: <Code>{callbackUrl}</Code>
                </p>
                <p>
                  Then set <Code>{p.variables[0]}</Code> and <Code>{p.variables[1]}</Code>.
                </p>
              </section>
            );
          })}
          <p>
            <Code>OAUTH_CALLBACK_BASE_URL</Code> is the address the providers send people back to
            (the callback URLs above start with it) and <Code>CLIENT_URL</Code> the address of this
            web app; both default to <Code>APP_ORIGIN</Code>. <Code>ENABLE_OAUTH=false</Code> turns
            social sign-in off.
          </p>
          {!config.providers.github.configured && !config.providers.google.configured && (
            <p>Until then, sign up with your email and a password, or continue as a guest.</p>
          )}
        </div>
      )}
    </div>
  );
}
