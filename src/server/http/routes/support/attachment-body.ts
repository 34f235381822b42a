import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ATTACHMENT_MAX_BYTES } from '../../../../shared/support';
import { unsupportedMediaType } from '../../../errors';

/**
 * Screenshots arrive as the raw request body with their image Content-Type; this parser lives
 * in the support plugins alone, so every other route keeps parsing JSON only. One byte over
 * the limit is read so the domain can say how large the file was.
 */
export function acceptScreenshots(app: FastifyInstance): void {
  app.addContentTypeParser(
    /^(image\/|application\/octet-stream)/,
    { parseAs: 'buffer', bodyLimit: ATTACHMENT_MAX_BYTES + 1 },
    (_request, body, done) => done(null, body),
  );
}

export function screenshotOf(request: FastifyRequest): Buffer {
  if (!Buffer.isBuffer(request.body)) {
    throw unsupportedMediaType(
      'Send the screenshot as the request body, with its image Content-Type.',
    );
  }
  return request.body;
}

/** A stored screenshot, shown by the app only: never run as a page, never cached shared. */
export function sendScreenshot(
  reply: FastifyReply,
  picture: { type: string; bytes: Uint8Array },
): FastifyReply {
  return reply
    .header('content-type', picture.type)
    .header('cache-control', 'private, max-age=3600')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .send(Buffer.from(picture.bytes));
}
