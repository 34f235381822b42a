import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import type { ApiError } from '../../shared/errors';
import { AppError } from '../errors';

const GENERIC = 'Something went wrong on our side. Please try again.';

export function errorBody(
  message: string,
  code: string,
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
    request.log.error({ err }, 'unexpected error');
    return reply.status(500).send(errorBody(GENERIC, 'INTERNAL'));
  });
}
