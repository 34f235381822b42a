import type { FastifyPluginAsync } from 'fastify';
import {
  CreateApiKeyRequestSchema,
  DeleteApiKeyQuerySchema,
  UpdateApiKeyRequestSchema,
  type ApiKeyResponse,
  type DeleteApiKeyResponse,
  type ApiKeysResponse,
  type TestApiKeyResponse,
} from '../../../../shared/api-key';
import type { AppContext } from '../../../context';
import {
  changeApiKey,
  createApiKey,
  listApiKeys,
  removeApiKey,
  testApiKey,
} from '../../../domain/credentials/api-keys';
import { presentApiKey, presentApiKeyTest } from '../../../presenters/api-key';
import { requireUser } from '../../auth';
import { IdParamsSchema } from '../../params';

// A user's AI provider keys. The key goes in; only its masked tail comes out.
export function apiKeyRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/', async (request) => {
      const keys = await listApiKeys(ctx, requireUser(request));
      return keys.map(presentApiKey) satisfies ApiKeysResponse;
    });

    app.post('/', async (request, reply) => {
      const user = requireUser(request);
      const input = CreateApiKeyRequestSchema.parse(request.body ?? {});
      const apiKey = presentApiKey(await createApiKey(ctx, user, input));
      return reply.status(201).send({ apiKey } satisfies ApiKeyResponse);
    });

    app.put('/:id', async (request) => {
      const user = requireUser(request);
      const { id } = IdParamsSchema.parse(request.params);
      const input = UpdateApiKeyRequestSchema.parse(request.body ?? {});
      const apiKey = presentApiKey(await changeApiKey(ctx, user, id, input));
      return { apiKey } satisfies ApiKeyResponse;
    });

    app.delete('/:id', async (request) => {
      const user = requireUser(request);
      const { id } = IdParamsSchema.parse(request.params);
      const { activate } = DeleteApiKeyQuerySchema.parse(request.query ?? {});
      const next = await removeApiKey(ctx, user, id, activate);
      return {
        ok: true,
        id,
        activated: next ? presentApiKey(next) : null,
      } satisfies DeleteApiKeyResponse;
    });

    app.post('/:id/test', async (request) => {
      const user = requireUser(request);
      const { id } = IdParamsSchema.parse(request.params);
      return presentApiKeyTest(await testApiKey(ctx, user, id)) satisfies TestApiKeyResponse;
    });
  };
}
