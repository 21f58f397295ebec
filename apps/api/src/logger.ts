import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from './config.js';
import { redactUrl, serializeRequest } from './log-redaction.js';

/**
 * Structured JSON logs; credentials, cookies and the secrets a URL can carry (reset and
 * verification tokens, OAuth codes) never reach a log line.
 */
export function createLogger(config: Pick<Config, 'logLevel'>, destination?: DestinationStream): Logger {
  return pino(
    {
      level: config.logLevel,
      serializers: { req: serializeRequest, url: redactUrl },
      redact: {
        paths: [
          'req.headers.cookie',
          'req.headers.authorization',
          'req.headers["x-csrf-token"]',
          'res.headers["set-cookie"]',
          '*.password',
          '*.passwordHash',
          '*.token',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
