import { useQuery } from '@tanstack/react-query';
import { configApi } from '../../api/auth';

/**
 * The installation's user-content domain from GET /api/config. Until it arrives (or if it
 * fails) pages fall back to the browser's own host, which is right for a single-host install.
 */
export function useSitesDomain(): { domain: string; protocol: string; loaded: boolean } {
  const { data } = useQuery({ queryKey: ['config'], queryFn: configApi.get, retry: false });
  return {
    domain: data?.sitesDomain ?? window.location.host,
    protocol: data?.sitesProtocol ?? window.location.protocol.replace(':', ''),
    loaded: Boolean(data),
  };
}
