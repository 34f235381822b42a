import type { FastifyPluginAsync } from 'fastify';
import { OEmbedQuerySchema, type OEmbedResponse } from '../../../shared/embed';
import type { AppContext } from '../../context';
import { oEmbedFor } from '../../domain/sites/site-embedding';
import { badRequest, notImplemented } from '../../errors';

/**
 * GET /api/oembed?url=<site address>&format=json: what an editor that speaks oEmbed asks when a
 * site's link is pasted. Public, like the site itself; it answers only for live sites.
 */
export function oEmbedRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/', async (request, reply) => {
      const query = OEmbedQuerySchema.parse(request.query);
      if (query.format === 'xml') throw notImplemented('Only format=json is served.');
      if (query.format !== undefined && query.format !== 'json') {
        throw badRequest('format is json (or left out).');
      }
      const answer: OEmbedResponse = await oEmbedFor(ctx, query.url, {
        width: query.maxwidth,
        height: query.maxheight,
      });
      // Editors fetch it from their own servers or pages: any origin may read the answer.
      return reply.header('access-control-allow-origin', '*').send(answer);
    });
  };
}
