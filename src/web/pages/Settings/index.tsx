import { EmailVerificationBanner } from '../../components/EmailVerificationBanner';
import { Bell, CreditCard, KeyRound, Shield, Terminal, User } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ApiKeysManager } from '../../components/ApiKeys/ApiKeysManager';
import { SignInForKeys } from '../../components/ApiKeys/SignInForKeys';
import { PageLayout } from '../../components/PageLayout';
import { Spinner } from '../../components/ui/Spinner';
import { cn } from '../../components/ui/cn';
import { useSession } from '../../hooks/session';
import { SignInForAccount } from '../../components/SignInForAccount';
import { AccessTokensTab } from './access-tokens/AccessTokensTab';
import { BillingTab } from './billing/BillingTab';
import { NotificationsTab } from './NotificationsTab';
import { ProfileTab } from './ProfileTab';
import { SecurityTab } from './SecurityTab';

// Settings' five tabs in their fixed order, with Access Tokens beside API Keys; Billing
// & Plans opens by default.
const TABS = [
  { id: 'profile', label: 'Profile', icon: User, forAccounts: true },
  { id: 'billing', label: 'Billing & Plans', icon: CreditCard, forAccounts: false },
  { id: 'api-keys', label: 'API Keys', icon: KeyRound, forAccounts: true },
  { id: 'access-tokens', label: 'Access Tokens', icon: Terminal, forAccounts: true },
  { id: 'security', label: 'Security', icon: Shield, forAccounts: true },
  { id: 'notifications', label: 'Notifications', icon: Bell, forAccounts: true },
] as const;
type TabId = (typeof TABS)[number]['id'];

function TabBar({ active, onSelect }: { active: TabId; onSelect: (id: TabId) => void }) {
  // On a phone the bar scrolls sideways: the chosen tab is kept in sight, turned or not. Only
  // the bar moves: a phone's toolbar hiding fires resize, and the page must not jump.
  useEffect(() => {
    const show = () => {
      const tab = document.getElementById(`tab-${active}`);
      const bar = tab?.parentElement;
      if (!tab || !bar) return;
      const left = tab.offsetLeft - bar.offsetLeft;
      if (left < bar.scrollLeft) bar.scrollLeft = left;
      else if (left + tab.offsetWidth > bar.scrollLeft + bar.clientWidth) {
        bar.scrollLeft = left + tab.offsetWidth - bar.clientWidth;
      }
    };
    show();
    window.addEventListener('resize', show);
    return () => window.removeEventListener('resize', show);
  }, [active]);
  return (
    <div
      role="tablist"
      aria-label="Settings"
      className="flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800"
    >
      {TABS.map(({ id, label, icon: Icon }) => (
        <button
          key={id}
          type="button"
          role="tab"
          id={`tab-${id}`}
          aria-selected={active === id}
          aria-controls={`panel-${id}`}
          onClick={() => onSelect(id)}
          className={cn(
            '-mb-px inline-flex items-center gap-2 whitespace-nowrap border-b-2 px-4 py-2.5 text-sm font-medium',
            active === id
              ? 'border-brand-600 text-brand-700 dark:border-brand-400 dark:text-brand-300'
              : 'border-transparent text-slate-500 hover:text-slate-900 dark:hover:text-slate-100',
          )}
        >
          <Icon className="h-4 w-4" aria-hidden /> {label}
        </button>
      ))}
    </div>
  );
}

function TabContent({ id }: { id: TabId }) {
  switch (id) {
    case 'profile':
      return <ProfileTab />;
    case 'billing':
      return <BillingTab />;
    case 'api-keys':
      return (
        <ApiKeysManager
          wording="settings"
          header={
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Keys for the AI features of your deployed sites. Each site&rsquo;s limits are on its
              own page.
            </p>
          }
        />
      );
    case 'access-tokens':
      return <AccessTokensTab />;
    case 'security':
      return <SecurityTab />;
    case 'notifications':
      return <NotificationsTab />;
  }
}

/** Every tab but Billing belongs to an account: a visitor or guest is asked to sign in. */
function TabOrSignIn({ id }: { id: TabId }) {
  const { user, loading } = useSession();
  if (!TABS.find((t) => t.id === id)?.forAccounts) return <TabContent id={id} />;
  if (loading) return <Spinner label="Loading..." />;
  if (user && !user.isGuest) return <TabContent id={id} />;
  return id === 'api-keys' ? (
    <SignInForKeys message="Please log in to manage API keys" />
  ) : (
    <SignInForAccount />
  );
}

function Panel({ id, children }: { id: string; children: ReactNode }) {
  return (
    <div role="tabpanel" id={`panel-${id}`} aria-labelledby={`tab-${id}`} className="pt-6">
      {children}
    </div>
  );
}

export function SettingsPage() {
  const [params, setParams] = useSearchParams();
  const asked = TABS.find((t) => t.id === params.get('tab'))?.id;
  // Billing & Plans is the default, for visitors too: the landing page's
  // Pricing link leads here.
  const active: TabId = asked ?? 'billing';
  const select = (id: TabId) => setParams({ tab: id }, { replace: true });
  return (
    <PageLayout variant="subpage" backTo="/dashboard" backText="Dashboard" width="default">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Settings</h1>
      <div className="mt-6">
        <EmailVerificationBanner />
        <TabBar active={active} onSelect={select} />
        <Panel id={active}>
          <TabOrSignIn id={active} />
        </Panel>
      </div>
    </PageLayout>
  );
}
