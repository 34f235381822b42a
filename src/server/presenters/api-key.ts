import type { ApiKey, TestApiKeyResponse } from '../../shared/api-key';
import type { ApiKeyWithCalls } from '../db/queries/api-keys';
import type { ApiKeyTest } from '../domain/credentials/api-keys';

/** A stored key as its owner sees it: never the key, only its last four characters. */
export function presentApiKey(row: ApiKeyWithCalls): ApiKey {
  return {
    id: row.id,
    provider: row.provider,
    keyName: row.key_name,
    isActive: row.is_active === 1,
    lastUsedAt: row.last_used_at,
    maskedKey: `…${row.last4}`,
    callsToday: row.calls_today,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function presentApiKeyTest(test: ApiKeyTest): TestApiKeyResponse {
  return test.valid
    ? { isValid: true, error: null, model: test.model }
    : { isValid: false, error: test.error, model: null };
}
