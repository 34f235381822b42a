import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import type { NotificationSettings } from '../../../shared/account';
import { accountApi } from '../../api/account';
import { errorMessage } from '../../api/client';
import { ErrorBox } from '../../components/ui/Alert';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { Switch } from '../../components/ui/Switch';
import { useToast } from '../../hooks/toasts';

const notificationsKey = ['account', 'notifications'] as const;

const CHOICES: Array<{ key: keyof NotificationSettings; title: string; text: string }> = [
  {
    key: 'planChanged',
    title: 'Plan changes',
    text: 'When your plan is upgraded, downgraded or ends, and what that means for your sites.',
  },
  {
    key: 'paymentFailed',
    title: 'Failed payments',
    text: 'When a renewal could not be charged, with how to fix it before your plan ends.',
  },
];

/** Which e-mails the account gets; each switch saves at once. */
export function NotificationsTab() {
  const notify = useToast();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: notificationsKey,
    queryFn: accountApi.notifications,
    retry: false,
  });
  const save = useMutation({
    mutationFn: accountApi.setNotifications,
    onSuccess: (saved) => {
      client.setQueryData(notificationsKey, saved);
      notify({ type: 'success', title: 'Notification settings saved' });
    },
    onError: (err) =>
      notify({
        type: 'error',
        title: 'Failed to save notification settings',
        message: errorMessage(err, 'Please try again.'),
      }),
  });

  if (query.isPending) return <Spinner label="Loading..." />;
  if (query.isError) {
    return <ErrorBox>{errorMessage(query.error, 'Failed to load notification settings')}</ErrorBox>;
  }
  const settings = save.isPending && save.variables ? save.variables : query.data;

  return (
    <div className="max-w-2xl space-y-4">
      <div>
        <h2 className="font-semibold">E-mail notifications</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          What we e-mail you about your account.
        </p>
      </div>
      <Card className="divide-y divide-slate-200 dark:divide-slate-800">
        {CHOICES.map(({ key, title, text }) => (
          <div key={key} className="flex items-start justify-between gap-4 p-4 sm:p-5">
            <div className="min-w-0">
              <p className="text-sm font-medium">{title}</p>
              <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">{text}</p>
            </div>
            <Switch
              label={`E-mail me about ${title.toLowerCase()}`}
              checked={settings[key]}
              disabled={save.isPending}
              onChange={(checked) => save.mutate({ ...settings, [key]: checked })}
            />
          </div>
        ))}
      </Card>
      <p className="flex items-start gap-2 text-sm text-slate-600 dark:text-slate-400">
        <ShieldCheck className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" aria-hidden />
        Security e-mails, such as a link to reset your password, are always sent.
      </p>
    </div>
  );
}
