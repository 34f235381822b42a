import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/** Shows an ?error= message once and removes it from the address. */
export function useAuthErrorParam(): [string | null, (message: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const [error, setError] = useState<string | null>(() => params.get('error'));
  useEffect(() => {
    if (params.has('error')) {
      const next = new URLSearchParams(params);
      next.delete('error');
      setParams(next, { replace: true });
    }
  }, [params, setParams]);
  return [error, setError];
}
