import { useQuery } from '@tanstack/react-query';
import { configApi } from '../api/auth';

/** GET /api/config: the installation's public settings, asked once and shared by every screen. */
export function useConfig() {
  return useQuery({ queryKey: ['config'], queryFn: configApi.get, retry: false });
}

/**
 * The installation's user-content domain. Until the config arrives (or if it fails) pages
 * fall back to the browser's own host, which is right for a single-host install.
 */
export function useSitesDomain(): { domain: string; protocol: string; loaded: boolean } {
  const { data } = useConfig();
  return {
    domain: data?.sitesDomain ?? window.location.host,
    protocol: data?.sitesProtocol ?? window.location.protocol.replace(':', ''),
    loaded: Boolean(data),
  };
}
