import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';

/**
 * In development a person reads the log: one short line per event, in the terminal's own
 * colours. Everywhere else (production, tests) it is JSON for machines.
 */
export function logDestination(
  env: 'development' | 'production' | 'test',
): pino.DestinationStream | undefined {
  if (env !== 'development') return undefined;
  return pretty({
    colorize: Boolean(process.stdout.isTTY),
    singleLine: true,
    translateTime: 'HH:MM:ss',
    ignore: 'pid,hostname,reqId',
    sync: true,
  });
}

// Request logs never carry credentials: headers that hold them are redacted, bodies are
// never logged, and query strings are dropped (the OAuth return carries a token there).
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
          '*.password',
          '*.token',
          '*.apiKey',
          '*.secretKey',
          '*.secretAccessKey',
        ],
        censor: '[redacted]',
      },
      serializers: {
        req(req: { id?: string; method?: string; url?: string; headers?: Record<string, string> }) {
          return {
            id: req.id,
            method: req.method,
            url: req.url?.split('?')[0],
            host: req.headers?.host,
          };
        },
        err: pino.stdSerializers.err,
      },
    },
    destination,
  );
}
