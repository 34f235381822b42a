import {
  AccessTokensResponseSchema,
  CreateAccessTokenResponseSchema,
  type CreateAccessTokenRequest,
} from '../../shared/access-token';
import { api } from './client';

// Access tokens for the CLI and scripts; the secret arrives once, in the create answer.
export const accessTokensApi = {
  list: async () => AccessTokensResponseSchema.parse(await api<unknown>('/tokens')).tokens,
  create: async (body: CreateAccessTokenRequest) =>
    CreateAccessTokenResponseSchema.parse(await api<unknown>('/tokens', { body })),
  revoke: (id: string) => api<unknown>(`/tokens/${encodeURIComponent(id)}`, { method: 'DELETE' }),
};
