import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BrandingImageKind, SiteBranding, UpdateBrandingRequest } from '../../shared/branding';
import type { Site } from '../../shared/site';
import { brandingApi } from '../api/branding';
import { siteKey, sitesKey } from './sites';

/** The saved settings go into the cached site, so every screen shows what the server holds. */
function useKeepSaved(siteId: string) {
  const client = useQueryClient();
  return (branding: SiteBranding) => {
    client.setQueryData<Site>(siteKey(siteId), (site) => (site ? { ...site, branding } : site));
    void client.invalidateQueries({ queryKey: sitesKey });
  };
}

export function useSaveBranding(siteId: string) {
  const keep = useKeepSaved(siteId);
  return useMutation({
    mutationFn: (body: UpdateBrandingRequest) => brandingApi.update(siteId, body),
    onSuccess: keep,
  });
}

export function useBrandingPicture(siteId: string) {
  const keep = useKeepSaved(siteId);
  return useMutation({
    mutationFn: ({ kind, file }: { kind: BrandingImageKind; file: File | null }) =>
      file ? brandingApi.upload(siteId, kind, file) : brandingApi.remove(siteId, kind),
    onSuccess: keep,
  });
}

/**
 * A saved picture to show in the app. Its address on the site is keyed by its hash, so a new
 * picture is a new query; the bytes come through the API (the app shows no other host's images).
 */
export function useSavedPicture(siteId: string, kind: BrandingImageKind, url: string | null) {
  return useQuery({
    queryKey: ['site', siteId, 'branding', kind, url],
    queryFn: () => brandingApi.picture(siteId, kind),
    enabled: url !== null,
    staleTime: Infinity,
  });
}
