import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import type { ApiError, ErrorCode } from '../../shared/errors';
import { AppError, DISK_FULL_MESSAGE, isDiskFull } from '../errors';

const GENERIC = 'Something went wrong on our side. Please try again.';

export function errorBody(
  message: string,
  code: ErrorCode,
  details?: Record<string, unknown>,
): ApiError {
  return { error: { message, code, ...(details ? { details } : {}) } };
}

/** One place turns every failure into {error:{message, code, details?}}. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | ZodError | Error, request, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return reply.status(err.status).send(errorBody(err.message, err.code, err.details));
    }
    if (err instanceof ZodError) {
      const issues = err.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      return reply
        .status(400)
        .send(errorBody(issues[0]?.message ?? 'Invalid request', 'VALIDATION_FAILED', { issues }));
    }
    const fe = err as FastifyError;
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fe.statusCode === 413) {
      return reply.status(413).send(errorBody('The request is too large.', 'PAYLOAD_TOO_LARGE'));
    }
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply
        .status(415)
        .send(errorBody('This content type is not supported here.', 'UNSUPPORTED_MEDIA_TYPE'));
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      const message = fe.code?.startsWith('FST_ERR_CTP')
        ? 'The request body is not valid JSON.'
        : fe.message;
      return reply.status(fe.statusCode).send(errorBody(message, 'BAD_REQUEST'));
    }
    if (isDiskFull(err)) {
      request.log.error({ err }, 'a write found the disk or the database full');
      return reply.status(507).send(errorBody(DISK_FULL_MESSAGE, 'STORAGE_FULL'));
    }
    request.log.error({ err }, 'unexpected error');
    return reply.status(500).send(errorBody(GENERIC, 'INTERNAL'));
  });
}

/**
 * Fastify's own refusals before routing (a URL that does not decode, a path parameter too
 * long), in the one shape.
 */
export function frameworkError(
  err: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (err.code === 'FST_ERR_BAD_URL') {
    return reply.status(400).send(errorBody('The request URL is not valid.', 'BAD_REQUEST'));
  }
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.status(414).send(errorBody('The request URL is too long.', 'BAD_REQUEST'));
  }
  request.log.error({ err }, 'unexpected framework error');
  return reply.status(500).send(errorBody(GENERIC, 'INTERNAL'));
}

const CLIENT_ERRORS: Record<string, [number, string, ErrorCode]> = {
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large.', 'HEADERS_TOO_LARGE'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive.', 'REQUEST_TIMEOUT'],
};

/**
 * Node's HTTP parser refuses a request (headers too large, malformed HTTP, too slow) before
 * any route or site sees it; the answer is written on the raw socket, still in the one shape.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  err: Error & { code?: string },
  socket: Duplex,
): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message, code] = CLIENT_ERRORS[err.code ?? ''] ?? [
    400,
    'The request is not valid HTTP.',
    'BAD_REQUEST',
  ];
  this.log.debug({ err }, `client error ${status}`);
  if (socket.writable) {
    const body = JSON.stringify(errorBody(message, code));
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
