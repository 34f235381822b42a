import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { siteAccessApi } from '../api/site-access';
import { siteKey } from './sites';

const shareLinksKey = (siteId: string) => ['site', siteId, 'share-links'] as const;

/** Sets, changes or removes the site's password; the site page shows the saved state. */
export function useSetSitePassword(siteId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (password: string | null) => siteAccessApi.setPassword(siteId, password),
    onSuccess: (site) => {
      client.setQueryData(siteKey(siteId), site);
      // Removing the password ends the share links.
      void client.invalidateQueries({ queryKey: shareLinksKey(siteId) });
    },
  });
}

export function useShareLinks(siteId: string, enabled: boolean) {
  return useQuery({
    queryKey: shareLinksKey(siteId),
    queryFn: () => siteAccessApi.shareLinks(siteId),
    enabled,
  });
}

export function useCreateShareLink(siteId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (label: string) => siteAccessApi.createShareLink(siteId, label),
    onSuccess: () => void client.invalidateQueries({ queryKey: shareLinksKey(siteId) }),
  });
}

export function useRevokeShareLink(siteId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => siteAccessApi.revokeShareLink(siteId, linkId),
    onSuccess: () => void client.invalidateQueries({ queryKey: shareLinksKey(siteId) }),
  });
}
