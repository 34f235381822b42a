import {
  Activity,
  FileWarning,
  Flag,
  Globe,
  LifeBuoy,
  Megaphone,
  ScrollText,
  Users,
} from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageLayout } from '../../components/PageLayout';
import { cn } from '../../components/ui/cn';
import { AnnouncementsTab } from './AnnouncementsTab';
import { AuditTab } from './AuditTab';
import { ReasonDialog, type ReasonRequest } from './ReasonDialog';
import { ReportsTab } from './ReportsTab';
import { SitesTab } from './SitesTab';
import { SupportTab } from './SupportTab';
import { StatusTab } from './StatusTab';
import { UsersTab } from './UsersTab';

const TABS = [
  { id: 'reports', label: 'Reports', icon: Flag },
  { id: 'sites', label: 'Sites', icon: Globe },
  { id: 'users', label: 'Users', icon: Users },
  { id: 'announcements', label: 'Announcements', icon: Megaphone },
  { id: 'status', label: 'Status', icon: Activity },
  { id: 'audit', label: 'Audit log', icon: ScrollText },
  { id: 'support', label: 'Support', icon: LifeBuoy },
] as const;
type TabId = (typeof TABS)[number]['id'];

/**
 * /admin: the operator's console. The RequireOperator route lets only ADMIN users in; the
 * server checks every call on its own.
 */
export function AdminPage() {
  const [params, setParams] = useSearchParams();
  const [asking, setAsking] = useState<ReasonRequest | null>(null);
  const tab: TabId = TABS.some((t) => t.id === params.get('tab'))
    ? (params.get('tab') as TabId)
    : 'reports';

  return (
    <PageLayout variant="subpage" backTo="/dashboard" backText="Dashboard" title="Operations">
      <div className="flex items-center gap-3">
        <FileWarning className="h-7 w-7 text-brand-600 dark:text-brand-400" aria-hidden />
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Operator console</h1>
      </div>
      <nav
        role="tablist"
        aria-label="Console sections"
        className="mt-6 flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800"
      >
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            onClick={() => setParams({ tab: t.id }, { replace: true })}
            className={cn(
              '-mb-px inline-flex shrink-0 items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium',
              tab === t.id
                ? 'border-brand-600 text-brand-700 dark:border-brand-400 dark:text-brand-300'
                : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100',
            )}
          >
            <t.icon className="h-4 w-4" aria-hidden />
            {t.label}
          </button>
        ))}
      </nav>
      <div className="mt-6" role="tabpanel">
        {tab === 'reports' && <ReportsTab ask={setAsking} />}
        {tab === 'sites' && <SitesTab ask={setAsking} />}
        {tab === 'users' && <UsersTab ask={setAsking} />}
        {tab === 'announcements' && <AnnouncementsTab />}
        {tab === 'status' && <StatusTab />}
        {tab === 'audit' && <AuditTab />}
        {tab === 'support' && <SupportTab />}
      </div>
      <ReasonDialog request={asking} onClose={() => setAsking(null)} />
    </PageLayout>
  );
}
