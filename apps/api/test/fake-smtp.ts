import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link in the plain-text body, in order. */
  links: string[];
  /** Header fields as sent, lower-case names (List-Unsubscribe…). */
  headers: Map<string, string>;
}

export interface FakeSmtp {
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the first mail (already received or arriving within the timeout) matching. */
  waitForMail(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on a free local port that keeps what it receives, for tests. */
export async function startFakeSmtp(): Promise<FakeSmtp> {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed: ParsedMail) => {
          const text = parsed.text ?? '';
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text,
            html: typeof parsed.html === 'string' ? parsed.html : '',
            links: [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]),
            headers: new Map(
              parsed.headerLines.map((line) => [line.key, line.line.slice(line.key.length + 1).trim()]),
            ),
          });
          waiters.forEach((wake) => wake());
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitForMail(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = mails.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error('No matching mail arrived in time'));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
