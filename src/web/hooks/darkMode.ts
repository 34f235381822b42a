import { useCallback, useSyncExternalStore } from 'react';

// Dark mode: a user preference in localStorage 'darkMode', the system's by default.
const KEY = 'darkMode';
const listeners = new Set<() => void>();

function read(): boolean {
  try {
    const stored = localStorage.getItem(KEY);
    if (stored !== null) return stored === 'true';
  } catch {
    // storage unavailable: fall through to the system preference
  }
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
}

function apply(dark: boolean): void {
  document.documentElement.classList.toggle('dark', dark);
}

export function useDarkMode(): [boolean, () => void] {
  const dark = useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    read,
    () => false,
  );
  const toggle = useCallback(() => {
    const next = !read();
    localStorage.setItem(KEY, String(next));
    apply(next);
    listeners.forEach((l) => l());
  }, []);
  return [dark, toggle];
}
