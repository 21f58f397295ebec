import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeSmtp } from '../../../test/fake-smtp.js';
import { passwordResetMail } from './account-mails.js';
import { createMailer } from './mailer.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fm-mailer-'));
  dirs.push(dir);
  return dir;
}

/** A logger that keeps its JSON lines in memory. */
function memoryLog() {
  const lines: Array<Record<string, unknown>> = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { log, lines };
}

describe('mailer', () => {
  it('without SMTP_URL writes an .eml file to DATA_DIR/outbox and logs the link', async () => {
    const dataDir = tempDir();
    const { log, lines } = memoryLog();
    const mailer = createMailer(
      { smtpUrl: undefined, mailFrom: 'Fantasy Matchup <no-reply@localhost>', dataDir },
      log,
    );
    expect(mailer.mode).toBe('outbox');
    const mail = passwordResetMail('http://localhost:3000', 'someone@example.com', 'tok123');
    mailer.sendInBackground(mail);
    await mailer.flush();
    const files = readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    const parsed = await simpleParser(readFileSync(path.join(dataDir, 'outbox', files[0]!)));
    expect(parsed.to).toMatchObject({ text: 'someone@example.com' });
    expect(parsed.subject).toBe('Reset your Fantasy Matchup password');
    expect(parsed.text).toContain('http://localhost:3000/reset-password?token=tok123');
    expect(parsed.html).toContain('href="http://localhost:3000/reset-password?token=tok123"');
    expect(lines.some((line) => line.link === 'http://localhost:3000/reset-password?token=tok123')).toBe(
      true,
    );
  });

  it('with SMTP_URL delivers plain-text and HTML bodies to the server', async () => {
    const smtp = await startFakeSmtp();
    try {
      const { log } = memoryLog();
      const mailer = createMailer(
        { smtpUrl: smtp.url, mailFrom: 'League Office <office@example.com>', dataDir: tempDir() },
        log,
      );
      await mailer.send(passwordResetMail('https://fm.example.com', 'Someone@Example.com', 'abc'));
      const [mail] = smtp.mails;
      expect(mail!.to).toEqual(['someone@example.com']);
      expect(mail!.from).toBe('office@example.com');
      expect(mail!.links).toEqual(['https://fm.example.com/reset-password?token=abc']);
      expect(mail!.html).toContain('href="https://fm.example.com/reset-password?token=abc"');
      await mailer.close();
    } finally {
      await smtp.close();
    }
  });

  it('logs, and does not throw, when a background mail cannot be delivered', async () => {
    const { log, lines } = memoryLog();
    // Port 1 refuses connections; a 5xx-free failure is retried, then given up.
    const mailer = createMailer(
      { smtpUrl: 'smtp://127.0.0.1:1', mailFrom: 'x <x@example.com>', dataDir: tempDir() },
      log,
    );
    mailer.sendInBackground(passwordResetMail('http://localhost', 'a@example.com', 't'));
    await mailer.flush();
    expect(lines.some((line) => line.msg === 'mail could not be sent' && line.to === 'a@example.com')).toBe(
      true,
    );
  }, 15_000);
});
