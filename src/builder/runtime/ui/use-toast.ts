import * as React from 'react';
import type { ToastActionElement, ToastProps } from './toast';

type ToasterToast = ToastProps & {
  id: string;
  title?: React.ReactNode;
  description?: React.ReactNode;
  action?: ToastActionElement;
};

type Listener = (toasts: ToasterToast[]) => void;

// A module-level store like shadcn's, so `toast()` works from anywhere, even outside React.
let toasts: ToasterToast[] = [];
const listeners = new Set<Listener>();
let count = 0;

function emit(next: ToasterToast[]) {
  toasts = next;
  for (const listener of listeners) listener(toasts);
}

function dismiss(toastId?: string) {
  emit(toasts.map((t) => (toastId === undefined || t.id === toastId ? { ...t, open: false } : t)));
  setTimeout(() => emit(toasts.filter((t) => t.open !== false)), 1000);
}

function toast(props: Omit<ToasterToast, 'id'>) {
  const id = String(++count);
  const update = (next: Partial<ToasterToast>) =>
    emit(toasts.map((t) => (t.id === id ? { ...t, ...next } : t)));
  const item: ToasterToast = {
    ...props,
    id,
    open: true,
    onOpenChange: (open) => {
      if (!open) dismiss(id);
    },
  };
  emit([item, ...toasts].slice(0, 3));
  return { id, dismiss: () => dismiss(id), update };
}

function useToast() {
  const [state, setState] = React.useState(toasts);
  React.useEffect(() => {
    listeners.add(setState);
    return () => {
      listeners.delete(setState);
    };
  }, []);
  return { toasts: state, toast, dismiss };
}

export { useToast, toast };
