import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Site } from '../../shared/site';
import { sitesApi } from '../api/sites';
import { siteKey, sitesKey } from './sites';

export const REMOVE_DOMAIN_CONFIRMATION = 'Are you sure you want to remove this custom domain?';

/** Add, verify and remove a site's custom domain; each answer carries the site as it is now. */
export function useCustomDomain(siteId: string) {
  const client = useQueryClient();
  const store = (site: Site) => {
    client.setQueryData(siteKey(siteId), site);
    client.setQueryData<Site[]>(sitesKey, (all) => all?.map((s) => (s.id === site.id ? site : s)));
  };
  return {
    add: useMutation({
      mutationFn: (domain: string) => sitesApi.addDomain(siteId, domain),
      onSuccess: (res) => store(res.site),
    }),
    verify: useMutation({
      mutationFn: () => sitesApi.verifyDomain(siteId),
      onSuccess: (res) => store(res.site),
    }),
    remove: useMutation({
      mutationFn: () => sitesApi.removeDomain(siteId),
      onSuccess: (res) => store(res.site),
    }),
  };
}
