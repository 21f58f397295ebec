import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config.js';

/** SMTP delivery attempts before a mail is given up (and logged). */
export const MAIL_SEND_ATTEMPTS = 3;
/** Wait before the 2nd attempt; doubles for each later one. */
export const MAIL_RETRY_DELAY_MS = 1_000;

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the mail exists for; logged when mails go to the outbox folder. */
  link?: string;
  /** Extra header fields (a notification's List-Unsubscribe). */
  headers?: Record<string, string>;
}

export interface Mailer {
  readonly mode: 'smtp' | 'outbox';
  /** Delivers now; rejects when every attempt failed. */
  send(mail: OutgoingMail): Promise<void>;
  /**
   * Delivers without making the caller wait (so response time reveals nothing about
   * whether a mail was sent); failures are logged. Given a function, it runs that too in the
   * background, once `startAfter` has settled (the request's answer is sent), and sends the
   * mail it returns, if any: the lookups and tokens behind a mail then cost the answer no time.
   */
  sendInBackground(
    mail: OutgoingMail | (() => Promise<OutgoingMail | undefined>),
    startAfter?: Promise<unknown>,
  ): void;
  /** Resolves when every background delivery has finished (shutdown, tests). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** SMTP when SMTP_URL is set, otherwise `.eml` files in DATA_DIR/outbox with the link logged. */
export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>,
  log: FastifyBaseLogger,
): Mailer {
  const outboxDir = path.join(config.dataDir, 'outbox');
  const transport: Transporter = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const mode = config.smtpUrl ? 'smtp' : 'outbox';
  const pending = new Set<Promise<void>>();

  async function deliverToOutbox(mail: OutgoingMail): Promise<void> {
    const info = (await transport.sendMail({ from: config.mailFrom, ...mail })) as { message: Buffer };
    await mkdir(outboxDir, { recursive: true });
    const file = path.join(
      outboxDir,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`,
    );
    await writeFile(file, info.message);
    log.info(
      { to: mail.to, subject: mail.subject, link: mail.link, file },
      'mail written to the outbox (no SMTP_URL)',
    );
  }

  async function deliverBySmtp(mail: OutgoingMail): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await transport.sendMail({
          from: config.mailFrom,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          ...(mail.headers ? { headers: mail.headers } : {}),
        });
        return;
      } catch (error) {
        if (attempt >= MAIL_SEND_ATTEMPTS || !isTransient(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, MAIL_RETRY_DELAY_MS * 2 ** (attempt - 1)));
      }
    }
  }

  const send = (mail: OutgoingMail) => (mode === 'smtp' ? deliverBySmtp(mail) : deliverToOutbox(mail));

  return {
    mode,
    send,
    sendInBackground(mail, startAfter = Promise.resolve()) {
      const prepared = startAfter.catch(() => {}).then(() => (typeof mail === 'function' ? mail() : mail));
      const delivery = prepared
        .then(async (ready) => {
          if (!ready) return;
          await send(ready).catch((error: unknown) =>
            log.error({ err: error, to: ready.to, subject: ready.subject }, 'mail could not be sent'),
          );
        })
        .catch((error: unknown) => log.error({ err: error }, 'mail could not be prepared'))
        .finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
    async flush() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    async close() {
      await this.flush();
      transport.close();
    },
  };
}

/** Connection problems and 4xx SMTP replies are worth retrying; 5xx replies are final. */
function isTransient(error: unknown): boolean {
  const responseCode = (error as { responseCode?: number }).responseCode;
  return responseCode === undefined || (responseCode >= 400 && responseCode < 500);
}
