import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateApiKeyRequest, UpdateApiKeyRequest } from '../../shared/api-key';
import type { UpdateSiteAiRequest } from '../../shared/site-ai';
import { apiKeysApi, siteAiApi } from '../api/api-keys';
import { useSession } from './session';

export const apiKeysKey = ['api-keys'] as const;
export const siteAiKey = (siteId: string) => ['site', siteId, 'ai'] as const;

export const DELETE_API_KEY_CONFIRMATION = 'Are you sure you want to delete this API key?';

/** Keys belong to accounts: guests have none to manage. */
export function useCanManageKeys(): boolean {
  const { user } = useSession();
  return Boolean(user && !user.isGuest);
}

export function useApiKeys() {
  const enabled = useCanManageKeys();
  return useQuery({ queryKey: apiKeysKey, queryFn: apiKeysApi.list, enabled, retry: false });
}

/** Every change re-reads the list: activating one key switches off the provider's others. */
export function useApiKeyChanges() {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: apiKeysKey });
  return {
    create: useMutation({
      mutationFn: (body: CreateApiKeyRequest) => apiKeysApi.create(body),
      onSettled,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: UpdateApiKeyRequest }) =>
        apiKeysApi.update(id, body),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: ({ id, activate }: { id: string; activate?: string }) =>
        apiKeysApi.remove(id, activate),
      onSettled,
    }),
    test: useMutation({ mutationFn: (id: string) => apiKeysApi.test(id) }),
  };
}

export function useSiteAi(siteId: string, enabled: boolean) {
  return useQuery({
    queryKey: siteAiKey(siteId),
    queryFn: () => siteAiApi.get(siteId),
    enabled,
    retry: false,
  });
}

export function useSaveSiteAi(siteId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSiteAiRequest) => siteAiApi.update(siteId, body),
    onSettled: () => client.invalidateQueries({ queryKey: siteAiKey(siteId) }),
  });
}
