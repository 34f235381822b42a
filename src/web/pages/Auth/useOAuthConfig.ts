import type { OAuthPublicConfig } from '../../../shared/oauth';
import { useConfig } from '../../hooks/config';

export type SocialProvider = keyof OAuthPublicConfig['providers'];

/**
 * Social sign-in as this server has it (GET /api/config). Until the answer arrives the
 * buttons show and simply lead to the server, which says the same thing on its own.
 */
export function useOAuthConfig(): OAuthPublicConfig & { loaded: boolean } {
  const { data } = useConfig();
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
