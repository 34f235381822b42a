import { KeyRound, LogIn, LogOut, ShieldCheck, Users } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PLANS } from '../../shared/plans';
import { useSession } from '../hooks/session';

export function UserMenu() {
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (
        e instanceof KeyboardEvent ? e.key === 'Escape' : !ref.current?.contains(e.target as Node)
      )
        setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  const guest = !user || user.isGuest;
  const name = guest ? 'Guest' : user.name || 'User';
  const letter = (guest ? 'G' : (user.name || user.email).charAt(0)).toUpperCase();

  const signOut = async () => {
    setOpen(false);
    // Leave first: signed-in screens send a visitor without a session to /auth.
    navigate('/');
    await logout();
  };

  return (
    <div className="relative" ref={ref}>
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label="Account menu"
        className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white"
      >
        {letter}
      </button>
      {open && (
        <div
          role="menu"
          className="absolute right-0 z-40 mt-2 w-64 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <div className="border-b border-slate-100 px-4 py-3 dark:border-slate-800">
            <p className="truncate text-sm font-semibold">{name}</p>
            {user && !user.isGuest && (
              <p className="truncate text-xs text-slate-500">{user.email}</p>
            )}
            {user && (
              <p className="mt-1 text-xs font-medium text-brand-600 dark:text-brand-400">
                {PLANS[user.plan].label} Plan
              </p>
            )}
          </div>
          {!guest && (
            <Link
              role="menuitem"
              to="/teams"
              onClick={() => setOpen(false)}
              className="flex items-center gap-2 px-4 py-2.5 text-sm hover:bg-slate-50 dark:hover:bg-slate-800"
            >
              <Users className="h-4 w-4" /> Teams
            </Link>
          )}
          {!guest && (
            <Link
              role="menuitem"
              to="/api-keys"
              onClick={() => setOpen(false)}
              className="flex items-center gap-2 px-4 py-2.5 text-sm hover:bg-slate-50 dark:hover:bg-slate-800"
            >
              <KeyRound className="h-4 w-4" /> API Keys
            </Link>
          )}
          {user?.plan === 'ADMIN' && (
            <Link
              role="menuitem"
              to="/admin"
              onClick={() => setOpen(false)}
              className="flex items-center gap-2 px-4 py-2.5 text-sm hover:bg-slate-50 dark:hover:bg-slate-800"
            >
              <ShieldCheck className="h-4 w-4" /> Operator console
            </Link>
          )}
          {guest ? (
            <Link
              role="menuitem"
              to="/auth"
              onClick={() => setOpen(false)}
              className="flex items-center gap-2 px-4 py-2.5 text-sm hover:bg-slate-50 dark:hover:bg-slate-800"
            >
              <LogIn className="h-4 w-4" /> Sign in
            </Link>
          ) : (
            <button
              role="menuitem"
              type="button"
              onClick={signOut}
              className="flex w-full items-center gap-2 px-4 py-2.5 text-left text-sm hover:bg-slate-50 dark:hover:bg-slate-800"
            >
              <LogOut className="h-4 w-4" /> Sign out
            </button>
          )}
        </div>
      )}
    </div>
  );
}
