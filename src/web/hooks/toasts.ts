import { createContext, useContext } from 'react';

export type ToastType = 'success' | 'error' | 'info' | 'warning';

export interface Toast {
  id: string;
  type: ToastType;
  title: string;
  message?: string;
  duration: number;
}

export const TOAST_DURATION_MS = 4000;

export type Notify = (toast: Omit<Toast, 'id' | 'duration'> & { duration?: number }) => void;

/** Filled by the ToastProvider in components/Toaster.tsx, which also draws the toasts. */
export const ToastContext = createContext<Notify | null>(null);

export function useToast(): Notify {
  const notify = useContext(ToastContext);
  if (!notify) throw new Error('useToast outside ToastProvider');
  return notify;
}
