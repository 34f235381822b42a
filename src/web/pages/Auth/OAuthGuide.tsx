import { ChevronDown } from 'lucide-react';
import { useState } from 'react';

/** Collapsible notes on social sign-in, which is not available yet. */
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
            Sign-in with GitHub or Google is not available yet: this server has no OAuth apps to
            connect to, and pressing either button tells you so.
          </p>
          <p>Until then, sign up with your email and a password, or continue as a guest.</p>
        </div>
      )}
    </div>
  );
}
