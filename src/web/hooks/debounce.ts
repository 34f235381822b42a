import { useEffect, useState } from 'react';

/** How long typing must pause before a search box asks. */
export const DEBOUNCE_MS = 300;

/**
 * `value` once it has stayed the same for `delay` ms: a list filtered by what someone types
 * then changes when they pause, not under every keystroke.
 */
export function useDebouncedValue<T>(value: T, delay = DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
