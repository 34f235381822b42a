import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Toaster } from '../components/Toaster';

export type ToastType = 'success' | 'error' | 'info' | 'warning';

export interface Toast {
  id: string;
  type: ToastType;
  title: string;
  message?: string;
  duration: number;
}

export const TOAST_DURATION_MS = 4000;

type Notify = (toast: Omit<Toast, 'id' | 'duration'> & { duration?: number }) => void;

const ToastContext = createContext<Notify | null>(null);

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
  const value = useMemo(() => notify, [notify]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <Toaster toasts={toasts} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

export function useToast(): Notify {
  const notify = useContext(ToastContext);
  if (!notify) throw new Error('useToast outside ToastProvider');
  return notify;
}
