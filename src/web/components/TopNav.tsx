import { ArrowLeft, BarChart3, LogIn, Menu, Plus, Settings, Users, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAnalyticsEnabled } from '../hooks/analytics';
import { useSession } from '../hooks/session';
import { ConnectionIndicator } from './ConnectionIndicator';
import { DarkModeToggle } from './DarkModeToggle';
import { Logo } from './Logo';
import { UserMenu } from './UserMenu';
import { buttonStyles } from './ui/Button';
import { cn } from './ui/cn';

export type NavVariant = 'auth' | 'minimal' | 'landing' | 'dashboard' | 'subpage';

interface TopNavProps {
  variant: NavVariant;
  title?: string;
  backTo?: string;
  backText?: string;
  showConnection?: boolean;
  actions?: ReactNode;
}

interface NavLinkItem {
  to: string;
  label: string;
  icon?: ReactNode;
  primary?: boolean;
}

function linksFor(variant: NavVariant, signedIn: boolean, analytics: boolean): NavLinkItem[] {
  if (variant === 'landing') {
    return [
      { to: '/about', label: 'About' },
      { to: '/settings', label: 'Pricing' },
      { to: '/help', label: 'Help' },
      { to: '/contact', label: 'Contact' },
      ...(signedIn
        ? [{ to: '/dashboard', label: 'Dashboard' }]
        : [{ to: '/auth', label: 'Sign In' }]),
      { to: '/upload', label: 'Deploy Now', primary: true },
    ];
  }
  if (variant === 'dashboard') {
    return [
      ...(signedIn && analytics
        ? [{ to: '/analytics', label: 'Analytics', icon: <BarChart3 className="h-5 w-5" /> }]
        : []),
      ...(signedIn ? [{ to: '/teams', label: 'Teams', icon: <Users className="h-5 w-5" /> }] : []),
      { to: '/settings', label: 'Settings', icon: <Settings className="h-5 w-5" /> },
      { to: '/upload', label: 'Deploy', icon: <Plus className="h-4 w-4" />, primary: true },
    ];
  }
  return [];
}

export function TopNav(props: TopNavProps) {
  // The sign-in and callback screens carry their own heading: a full bar holding nothing but
  // the toggle read as a broken, empty header, so the auth variant is the toggle alone.
  if (props.variant === 'auth') {
    return (
      <header className="flex justify-end px-4 pt-3 sm:px-6">
        <DarkModeToggle />
      </header>
    );
  }
  return <FullNav {...props} />;
}

function FullNav({ variant, title, backTo, backText, showConnection, actions }: TopNavProps) {
  const { user, loading } = useSession();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const signedIn = Boolean(user && !user.isGuest);
  // Hidden while the config is loading too, so it never flashes in and out.
  const analytics = useAnalyticsEnabled() === true;
  const links = linksFor(variant, signedIn, analytics);
  const hasUserMenu = variant === 'dashboard' || variant === 'subpage';

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      <nav
        className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6"
        aria-label="Main"
      >
        {variant === 'subpage' ? (
          <button
            type="button"
            onClick={() => (backTo ? navigate(backTo) : navigate(-1))}
            className={cn(buttonStyles({ variant: 'ghost', size: 'sm' }), '-ml-2')}
          >
            <ArrowLeft className="h-4 w-4" />{' '}
            {/* Beside a title on a phone the arrow alone says "back": its words would squeeze
                the title to a sliver. Screen readers still hear where it goes. */}
            <span className={title ? 'sr-only sm:not-sr-only' : undefined}>
              {backText ?? 'Back'}
            </span>
          </button>
        ) : (
          <Logo />
        )}
        {title && <h1 className="truncate text-base font-semibold sm:text-lg">{title}</h1>}
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {showConnection && <ConnectionIndicator />}
          <div className="hidden items-center gap-1 md:flex">
            {links.map((l) =>
              l.icon && !l.primary ? (
                <Link
                  key={l.to}
                  to={l.to}
                  aria-label={l.label}
                  title={l.label}
                  className={buttonStyles({ variant: 'ghost', size: 'icon' })}
                >
                  {l.icon}
                </Link>
              ) : (
                <Link
                  key={l.to}
                  to={l.to}
                  className={buttonStyles({ variant: l.primary ? 'primary' : 'ghost', size: 'sm' })}
                >
                  {l.primary && l.icon}
                  {l.label}
                </Link>
              ),
            )}
            {actions}
          </div>
          <DarkModeToggle />
          {/* Someone who never signed in has no account to show: a 'G' avatar would say they
              are a guest. They get Sign In; real guest sessions keep the menu with 'Guest'.
              Nothing shows while the stored token is being checked, so neither flashes. */}
          {hasUserMenu && !loading && (user ? <UserMenu /> : <SignInLink />)}
          {links.length > 0 && (
            <button
              type="button"
              className={cn(buttonStyles({ variant: 'ghost', size: 'icon' }), 'md:hidden')}
              onClick={() => setMenuOpen((o) => !o)}
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            >
              {menuOpen ? <X className="h-5 w-5" /> : <Menu className="h-5 w-5" />}
            </button>
          )}
        </div>
      </nav>
      {menuOpen && links.length > 0 && (
        <div
          id="mobile-menu"
          className="border-t border-slate-200 px-4 py-3 md:hidden dark:border-slate-800"
        >
          <ul className="flex flex-col gap-1">
            {links.map((l) => (
              <li key={l.to}>
                <Link
                  to={l.to}
                  onClick={() => setMenuOpen(false)}
                  className={cn(
                    buttonStyles({ variant: l.primary ? 'primary' : 'ghost' }),
                    'w-full justify-start',
                  )}
                >
                  {l.icon}
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
          {actions && <div className="mt-2 flex flex-wrap gap-2">{actions}</div>}
        </div>
      )}
    </header>
  );
}

function SignInLink() {
  // On a phone the words would squeeze the bar's title to nothing: the icon stands alone
  // there, about as wide as the avatar it replaces, and keeps its name for screen readers.
  return (
    <Link to="/auth" title="Sign In" className={buttonStyles({ variant: 'ghost', size: 'sm' })}>
      <LogIn className="h-4 w-4" aria-hidden />
      <span className="sr-only sm:not-sr-only">Sign In</span>
    </Link>
  );
}
