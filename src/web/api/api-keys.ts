import {
  ApiKeyResponseSchema,
  ApiKeysResponseSchema,
  DeleteApiKeyResponseSchema,
  TestApiKeyResponseSchema,
  type CreateApiKeyRequest,
  type UpdateApiKeyRequest,
} from '../../shared/api-key';
import { SiteAiResponseSchema, type UpdateSiteAiRequest } from '../../shared/site-ai';
import { api } from './client';

// A user's stored AI-provider keys, and what each site may spend with them.
// Answers are checked against the shared shapes, so a server that changed them fails loudly here
// rather than as a blank table.
const keyPath = (id: string) => `/api-keys/${encodeURIComponent(id)}`;

export const apiKeysApi = {
  list: async () => ApiKeysResponseSchema.parse(await api<unknown>('/api-keys')),
  create: async (body: CreateApiKeyRequest) =>
    ApiKeyResponseSchema.parse(await api<unknown>('/api-keys', { body })).apiKey,
  update: async (id: string, body: UpdateApiKeyRequest) =>
    ApiKeyResponseSchema.parse(await api<unknown>(keyPath(id), { method: 'PUT', body })).apiKey,
  /** Deleting the active key makes `activate` (else the newest of its provider's) active. */
  remove: async (id: string, activate?: string) =>
    DeleteApiKeyResponseSchema.parse(
      await api<unknown>(
        activate ? `${keyPath(id)}?activate=${encodeURIComponent(activate)}` : keyPath(id),
        { method: 'DELETE' },
      ),
    ),
  test: async (id: string) =>
    TestApiKeyResponseSchema.parse(await api<unknown>(`${keyPath(id)}/test`, { method: 'POST' })),
};

const aiPath = (siteId: string) => `/sites/${encodeURIComponent(siteId)}/ai`;

export const siteAiApi = {
  get: async (siteId: string) => SiteAiResponseSchema.parse(await api<unknown>(aiPath(siteId))),
  update: (siteId: string, body: UpdateSiteAiRequest) =>
    api<unknown>(aiPath(siteId), { method: 'PUT', body }),
};
