import { useQuery } from '@tanstack/react-query';
import { configApi } from '../../api/auth';
import type { OAuthPublicConfig } from '../../../shared/oauth';

export type SocialProvider = keyof OAuthPublicConfig['providers'];

/**
 * Social sign-in as this server has it (GET /api/config). Until the answer arrives the
 * buttons show and simply lead to the server, which says the same thing on its own.
 */
export function useOAuthConfig(): OAuthPublicConfig & { loaded: boolean } {
  const { data } = useQuery({ queryKey: ['config'], queryFn: configApi.get, retry: false });
  const fallback = (id: SocialProvider) => ({
    configured: true,
    callbackUrl: `${window.location.origin}/api/auth/${id}/callback`,
  });
  return data?.oauth
    ? { ...data.oauth, loaded: true }
    : {
        enabled: true,
        providers: { github: fallback('github'), google: fallback('google') },
        loaded: false,
      };
}
