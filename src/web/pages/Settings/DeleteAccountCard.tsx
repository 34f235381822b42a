import { AlertTriangle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { accountApi } from '../../api/account';
import { errorMessage } from '../../api/client';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { useSession } from '../../hooks/session';
import { useToast } from '../../hooks/toasts';

/** The danger zone: the account and all it made go, once its e-mail is typed again. */
export function DeleteAccountCard() {
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const notify = useToast();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!user) return null;
  const matches = email.trim().toLowerCase() === user.email.toLowerCase();

  const close = () => {
    if (busy) return;
    setOpen(false);
    setEmail('');
    setError(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!matches) return setError('The e-mail address does not match this account.');
    setBusy(true);
    try {
      await accountApi.deleteAccount({ email });
      // The server ended every session; this only forgets the token here.
      await logout();
      notify({ type: 'success', title: 'Your account has been deleted' });
      navigate('/', { replace: true });
    } catch (err) {
      setError(errorMessage(err, 'Failed to delete your account'));
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="danger-title" className="max-w-2xl">
      <Card className="border-red-200 p-5 dark:border-red-900/60">
        <h2 id="danger-title" className="font-semibold text-red-700 dark:text-red-400">
          Delete account
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Deletes your account, every site you have deployed with its files, and your API keys. Any
          subscription is cancelled. This cannot be undone.
        </p>
        <Button variant="danger" className="mt-4" onClick={() => setOpen(true)}>
          Delete account
        </Button>
      </Card>
      <Dialog
        open={open}
        onClose={close}
        size="sm"
        title="Delete your account?"
        icon={
          <span className="flex h-10 w-10 items-center justify-center rounded-full bg-red-100 text-red-600 dark:bg-red-900/40 dark:text-red-300">
            <AlertTriangle className="h-5 w-5" aria-hidden />
          </span>
        }
      >
        <form onSubmit={submit} noValidate className="space-y-4">
          <p>This removes, at once and for good:</p>
          <ul className="list-disc space-y-1 pl-5">
            <li>every site you have deployed, with its files: their addresses stop answering</li>
            <li>your API keys and your sessions on every device</li>
            <li>your subscription, which is cancelled so you are not charged again</li>
          </ul>
          <Field
            label={
              <>
                Type <span className="font-semibold">{user.email}</span> to confirm
              </>
            }
            type="email"
            autoComplete="off"
            value={email}
            error={error}
            onChange={(e) => {
              setEmail(e.target.value);
              setError(null);
            }}
          />
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="secondary" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" loading={busy} disabled={!matches}>
              Delete my account
            </Button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
