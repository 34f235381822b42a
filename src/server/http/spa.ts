import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Not built</title>
<p>The web app has not been built yet. Run <code>npm run build</code> (npm start does it for you).</p>`;

/** A browser navigation to an app route (not the API, not a missing asset). */
export function wantsApp(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const url = request.url;
  if (url === '/api' || url.startsWith('/api/') || url.startsWith('/socket.io')) return false;
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html') || !path.extname(url.split('?')[0] ?? '');
}

export type SendApp = (reply: FastifyReply) => FastifyReply;

/**
 * The built React app: hashed assets cached forever, index.html always revalidated.
 * Returns how to answer an app route with index.html, so the client router takes over.
 */
export async function registerSpa(app: FastifyInstance, webDir: string): Promise<SendApp> {
  const built = existsSync(path.join(webDir, 'index.html'));
  if (!built) return (reply) => reply.status(503).type('text/html').send(NOT_BUILT);
  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    index: false,
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return (reply) => reply.header('cache-control', 'no-cache').sendFile('index.html', webDir);
}
