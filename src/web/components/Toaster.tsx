import { AlertCircle, AlertTriangle, CheckCircle2, Info, X } from 'lucide-react';
import { useCallback, useState, type ReactNode } from 'react';
import { TOAST_DURATION_MS, ToastContext, type Notify, type Toast } from '../hooks/toasts';
import { cn } from './ui/cn';

const styles = {
  success: { icon: CheckCircle2, tone: 'text-green-600 dark:text-green-400' },
  error: { icon: AlertCircle, tone: 'text-red-600 dark:text-red-400' },
  info: { icon: Info, tone: 'text-brand-600 dark:text-brand-400' },
  warning: { icon: AlertTriangle, tone: 'text-amber-600 dark:text-amber-400' },
};

/** Keeps the last five toasts, each for its own time, and shows them over every screen. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const dismiss = useCallback(
    (id: string) => setToasts((all) => all.filter((t) => t.id !== id)),
    [],
  );
  const notify = useCallback<Notify>(
    (toast) => {
      const id = crypto.randomUUID();
      const duration = toast.duration ?? TOAST_DURATION_MS;
      setToasts((all) => [...all.slice(-4), { ...toast, id, duration }]);
      setTimeout(() => dismiss(id), duration);
    },
    [dismiss],
  );
  return (
    <ToastContext.Provider value={notify}>
      {children}
      <Toaster toasts={toasts} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

function Toaster({ toasts, onDismiss }: { toasts: Toast[]; onDismiss: (id: string) => void }) {
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:items-end"
    >
      {toasts.map((t) => {
        const { icon: Icon, tone } = styles[t.type];
        return (
          <div
            key={t.id}
            role={t.type === 'error' ? 'alert' : 'status'}
            className="pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-lg dark:border-slate-700 dark:bg-slate-900"
          >
            <Icon className={cn('mt-0.5 h-5 w-5 shrink-0', tone)} aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="text-sm font-semibold">{t.title}</p>
              {t.message && (
                <p className="mt-0.5 break-words text-sm text-slate-600 dark:text-slate-400">
                  {t.message}
                </p>
              )}
            </div>
            <button
              type="button"
              onClick={() => onDismiss(t.id)}
              className="rounded p-1 text-slate-400 hover:text-slate-600"
              aria-label="Dismiss notification"
            >
              <X className="h-4 w-4" />
            </button>
          </div>
        );
      })}
    </div>
  );
}
