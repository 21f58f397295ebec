import type { FakeSmtp, ReceivedMail } from './fake-smtp.js';
import type { MailingTestServer, TestClient, TestServer } from './harness.js';

/** A password that meets the password rules. */
export const STRONG_PASSWORD = 'Touchdown!2024x';
export const OTHER_STRONG_PASSWORD = 'FieldGoal$2025y';

let counter = 0;
/** A fresh, unique address for one test. */
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** The path and query of a mailed link, to follow it on the test server whatever APP_URL says. */
export function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

export function waitForMailTo(
  smtp: FakeSmtp,
  email: string,
  subjectPart: string,
  after = 0,
): Promise<ReceivedMail> {
  return smtp.waitForMail(
    (mail) =>
      mail.to.includes(email.toLowerCase()) &&
      mail.subject.includes(subjectPart) &&
      smtp.mails.indexOf(mail) >= after,
  );
}

/** Registers, follows the mailed verification link, and returns the address. */
export async function registerVerifiedUser(
  server: MailingTestServer,
  email = uniqueEmail(),
  password = STRONG_PASSWORD,
): Promise<string> {
  const { smtp } = server;
  const client = server.client();
  const before = smtp.mails.length;
  const registered = await client.post('/api/auth/register', { email, password });
  if (registered.status !== 200) throw new Error(`register failed: ${registered.status} ${registered.text}`);
  const mail = await waitForMailTo(smtp, email, 'Verify', before);
  const verified = await client.get(pathOf(mail.links[0]!));
  if (verified.headers.get('location') !== '/login?verified=true')
    throw new Error(`verify failed: ${verified.text}`);
  return email;
}

/** A client signed in as `email`. */
export async function signedInClient(
  server: TestServer,
  email: string,
  password = STRONG_PASSWORD,
  rememberMe = false,
): Promise<TestClient> {
  const client = server.client();
  const response = await client.post('/api/auth/login', { email, password, rememberMe });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${response.text}`);
  return client;
}
