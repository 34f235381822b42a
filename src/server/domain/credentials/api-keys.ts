import {
  AI_PROVIDER_LABELS,
  type CreateApiKeyRequest,
  type UpdateApiKeyRequest,
} from '../../../shared/api-key';
import type { AiProvider } from '../../../shared/deployment';
import { completeWith, AiProviderError } from '../../integrations/ai/providers';
import type { AppContext } from '../../context';
import {
  activeApiKeysOfUser,
  apiKeyOfUser,
  apiKeysOfUser,
  deleteApiKey,
  insertApiKey,
  updateApiKey,
  type ApiKeyWithCalls,
} from '../../db/queries/api-keys';
import type { ApiKeyRow, UserRow } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { newId, nowIso } from '../../lib/ids';
import { open, seal } from '../../lib/secret-box';
import { assertEmailVerified, authorize } from '../policy';

// A user's AI provider keys: sealed at rest under SECRET_KEY, shown only by their last four
// characters, one active per provider. The plain key leaves this file only towards its provider.

/** Today's date in UTC, the day AI calls are counted under. */
export function aiDay(now = Date.now()): string {
  return nowIso(now).slice(0, 10);
}

export async function listApiKeys(ctx: AppContext, user: UserRow): Promise<ApiKeyWithCalls[]> {
  authorize(user, 'api-keys.manage');
  return apiKeysOfUser(ctx.db, user.id, aiDay());
}

async function shown(ctx: AppContext, user: UserRow, id: string): Promise<ApiKeyWithCalls> {
  const row = (await apiKeysOfUser(ctx.db, user.id, aiDay())).find((r) => r.id === id);
  if (!row) throw notFound('API key not found');
  return row;
}

async function ownedKey(ctx: AppContext, user: UserRow, id: string): Promise<ApiKeyRow> {
  authorize(user, 'api-keys.manage');
  const row = await apiKeyOfUser(ctx.db, user.id, id);
  if (!row) throw notFound('API key not found');
  return row;
}

export async function createApiKey(
  ctx: AppContext,
  user: UserRow,
  input: Required<Pick<CreateApiKeyRequest, 'provider' | 'keyName' | 'apiKey'>> &
    Pick<CreateApiKeyRequest, 'isActive'>,
): Promise<ApiKeyWithCalls> {
  authorize(user, 'api-keys.manage');
  // A stored key outlives every session: only the address's proven owner stores one.
  assertEmailVerified(user);
  const now = nowIso();
  // Unasked, a new key never takes over from the provider's active one: the sites using it
  // would switch keys without their owner choosing to.
  const isActive =
    input.isActive ??
    !(await activeApiKeysOfUser(ctx.db, user.id)).some((k) => k.provider === input.provider);
  const row: ApiKeyRow = {
    id: newId(),
    user_id: user.id,
    provider: input.provider,
    key_name: input.keyName,
    key_sealed: seal(ctx.config.secretKey, input.apiKey),
    last4: input.apiKey.slice(-4),
    is_active: isActive ? 1 : 0,
    last_used_at: null,
    created_at: now,
    updated_at: now,
  };
  await insertApiKey(ctx.db, row);
  return shown(ctx, user, row.id);
}

export async function changeApiKey(
  ctx: AppContext,
  user: UserRow,
  id: string,
  input: UpdateApiKeyRequest & { keyName: string },
): Promise<ApiKeyWithCalls> {
  const before = await ownedKey(ctx, user, id);
  assertEmailVerified(user);
  if (input.provider && input.provider !== before.provider) {
    throw badRequest(
      'The provider of a stored key cannot change. Add a new key for the other provider.',
    );
  }
  // A blank key keeps the stored one: the edit form leaves the key blank unless it changes.
  const replaced = input.apiKey ? input.apiKey : null;
  await updateApiKey(ctx.db, before, {
    key_name: input.keyName,
    ...(replaced
      ? { key_sealed: seal(ctx.config.secretKey, replaced), last4: replaced.slice(-4) }
      : {}),
    ...(input.isActive === undefined ? {} : { is_active: input.isActive ? 1 : 0 }),
    updated_at: nowIso(),
  });
  return shown(ctx, user, id);
}

/**
 * Deletes a key. Deleting the provider's active key makes another of its keys active (the one
 * named by `activate`, else the newest), so a provider with keys never silently stops
 * answering. Returns the key made active, if any.
 */
export async function removeApiKey(
  ctx: AppContext,
  user: UserRow,
  id: string,
  activate?: string,
): Promise<ApiKeyWithCalls | null> {
  const row = await ownedKey(ctx, user, id);
  const others = (await apiKeysOfUser(ctx.db, user.id, aiDay())).filter(
    (k) => k.provider === row.provider && k.id !== id,
  );
  let next: ApiKeyRow | undefined;
  if (activate !== undefined) {
    if (!row.is_active) {
      throw badRequest('Only deleting the active key makes another key active.');
    }
    next = others.find((k) => k.id === activate);
    if (!next) {
      throw badRequest(
        `The key to make active must be another of your ${AI_PROVIDER_LABELS[row.provider]} keys.`,
      );
    }
  } else if (row.is_active) {
    next = others[0];
  }
  const deleted = await deleteApiKey(
    ctx.db,
    user.id,
    id,
    next ? { id: next.id, provider: row.provider, at: nowIso() } : null,
  );
  if (!deleted) throw notFound('API key not found');
  return next ? shown(ctx, user, next.id) : null;
}

/** What the provider made of a stored key. */
export type ApiKeyTest = { valid: true; model: string } | { valid: false; error: string };

/** Asks the provider for the smallest answer: a key that gets one is valid. */
export async function testApiKey(ctx: AppContext, user: UserRow, id: string): Promise<ApiKeyTest> {
  const row = await ownedKey(ctx, user, id);
  try {
    const answer = await completeWith(
      ctx.config,
      row.provider,
      open(ctx.config.secretKey, row.key_sealed),
      { system: null, turns: [{ role: 'user', text: 'Reply with the word OK.' }], maxTokens: null },
      5,
    );
    return { valid: true, model: answer.model };
  } catch (err) {
    if (err instanceof AiProviderError) return { valid: false, error: err.message };
    throw err;
  }
}

/**
 * The key that answers a site's AI calls: the owner's active key for the provider the site was
 * deployed with, else their active Claude key, else any active key.
 */
export function pickKey<K extends Pick<ApiKeyRow, 'provider'>>(
  active: K[],
  preferred: AiProvider | null,
): K | undefined {
  return (
    active.find((k) => k.provider === preferred) ??
    active.find((k) => k.provider === 'CLAUDE') ??
    active[0]
  );
}

export async function keyForSite(
  ctx: AppContext,
  ownerId: string,
  preferred: AiProvider | null,
): Promise<{ row: ApiKeyRow; apiKey: string } | null> {
  const pick = pickKey(await activeApiKeysOfUser(ctx.db, ownerId), preferred);
  return pick ? { row: pick, apiKey: open(ctx.config.secretKey, pick.key_sealed) } : null;
}
