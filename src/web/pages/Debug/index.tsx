import { useMutation, useQuery } from '@tanstack/react-query';
import { RefreshCw, Search } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { api, errorMessage, getToken } from '../../api/client';
import { PageLayout } from '../../components/PageLayout';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ErrorBox } from '../../components/ui/Alert';
import { Field } from '../../components/ui/Field';
import { useSession } from '../../hooks/session';

// Both results are displayed as they are.
const debugApi = {
  authStatus: () => api<unknown>('/debug/auth-status'),
  siteCheck: (siteId: string) => api<unknown>(`/debug/site-check/${encodeURIComponent(siteId)}`),
};

function Section({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="p-6">
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">{title}</h2>
        {action}
      </div>
      {children}
    </Card>
  );
}

function Json({ value, label }: { value: unknown; label: string }) {
  return (
    <pre
      aria-label={label}
      className="max-h-96 overflow-auto rounded-lg bg-slate-900 p-4 font-mono text-xs text-slate-100 dark:bg-black/60"
    >
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 border-b border-slate-100 py-2.5 last:border-0 sm:flex-row sm:gap-4 dark:border-slate-800">
      <dt className="w-40 shrink-0 text-sm text-slate-500">{label}</dt>
      <dd className="break-all font-mono text-sm">{children}</dd>
    </div>
  );
}

export function DebugPage() {
  const { user, loading } = useSession();
  const token = getToken();
  const [siteId, setSiteId] = useState('');
  const status = useQuery({
    queryKey: ['debug', 'auth-status', token],
    queryFn: debugApi.authStatus,
    retry: false,
    staleTime: 0,
  });
  const check = useMutation({ mutationFn: debugApi.siteCheck });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (siteId.trim()) check.mutate(siteId.trim());
  };

  return (
    <PageLayout
      variant="subpage"
      backTo="/dashboard"
      backText="Dashboard"
      title="Debug"
      width="default"
    >
      <div className="space-y-6">
        <Section title="Local token">
          <dl>
            <Row label="Token present">{token ? 'Yes' : 'No'}</Row>
            <Row label="Token length">{token ? token.length : 0}</Row>
            <Row label="Token preview">{token ? `${token.slice(0, 20)}...` : '(none)'}</Row>
          </dl>
        </Section>

        <Section title="Session user">
          {loading ? (
            <p className="text-sm text-slate-500">Checking the stored token...</p>
          ) : (
            <Json value={user} label="Session user" />
          )}
        </Section>

        <Section
          title="Auth status"
          action={
            <Button
              variant="secondary"
              size="sm"
              loading={status.isFetching}
              onClick={() => status.refetch()}
            >
              {!status.isFetching && <RefreshCw className="h-4 w-4" aria-hidden />} Refresh
            </Button>
          }
        >
          {status.error ? (
            <ErrorBox>{errorMessage(status.error, 'Failed to fetch auth status')}</ErrorBox>
          ) : status.data ? (
            <Json value={status.data} label="Auth status result" />
          ) : (
            <p className="text-sm text-slate-500">Asking the server...</p>
          )}
        </Section>

        <Section title="Site check">
          <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <Field
              label="Site id"
              className="flex-1"
              value={siteId}
              onChange={(e) => setSiteId(e.target.value)}
              placeholder="The id from /sites/{id}"
            />
            <Button type="submit" loading={check.isPending} disabled={!siteId.trim()}>
              {!check.isPending && <Search className="h-4 w-4" aria-hidden />} Check Site
            </Button>
          </form>
          <div className="mt-4">
            {check.error && <ErrorBox>{errorMessage(check.error, 'Site check failed')}</ErrorBox>}
            {check.data !== undefined && <Json value={check.data} label="Site check result" />}
          </div>
        </Section>
      </div>
    </PageLayout>
  );
}
