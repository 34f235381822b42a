import { MailWarning } from 'lucide-react';
import { useState } from 'react';
import { NEEDS_VERIFIED_EMAIL } from '../../shared/email-verification';
import { errorMessage } from '../api/client';
import { emailApi } from '../api/email';
import { useSession } from '../hooks/session';
import { Button } from './ui/Button';

/**
 * A quiet note on the dashboard and in Settings while the account's address is unconfirmed:
 * what waits for it, and "Resend link". Guests have no address to confirm.
 */
export function EmailVerificationBanner() {
  const { user } = useSession();
  const [sending, setSending] = useState(false);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  if (!user || user.isGuest || user.emailVerified) return null;

  const resend = async () => {
    setSending(true);
    try {
      setSaid({ ok: true, text: (await emailApi.resend()).message });
    } catch (err) {
      setSaid({
        ok: false,
        text: errorMessage(err, 'The link could not be sent. Please try again.'),
      });
    } finally {
      setSending(false);
    }
  };

  return (
    <div
      role="region"
      aria-label="Confirm your e-mail address"
      className="mb-6 flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
    >
      <div className="flex items-start gap-2">
        <MailWarning className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <div>
          <p>
            <strong>Please confirm your e-mail address.</strong> We sent a link to{' '}
            <strong>{user.email}</strong>. Until you open it you can deploy and manage sites on the
            Free plan; {NEEDS_VERIFIED_EMAIL} wait for a confirmed address.
          </p>
          {said && (
            <p role="status" className={said.ok ? 'mt-1' : 'mt-1 text-red-700 dark:text-red-300'}>
              {said.text}
            </p>
          )}
        </div>
      </div>
      <Button variant="secondary" size="sm" loading={sending} onClick={resend}>
        Resend link
      </Button>
    </div>
  );
}
