import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount, type TestAccount } from '../../test/admin-accounts.js';
import { EMBEDDED_DATABASE, startTestServer, type TestServer } from '../../test/harness.js';
import { rawRequest, type RawResponse } from '../../test/raw-http.js';

const DEPTH = 10_000;
/** Deeply nested JSON in the shapes a reviewer would try. */
const DEEP_BODIES: Record<string, string> = {
  arrays: `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`,
  objects: `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`,
  mixed: `${'[{"a":'.repeat(DEPTH / 2)}1${'}]'.repeat(DEPTH / 2)}`,
  'inside a field': `{"email":${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}}`,
  unclosed: '['.repeat(DEPTH),
  'inside a batch': `{"0":${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}}`,
};

/** Strings no request may carry: U+0000 and lone UTF-16 surrogates, as JSON escapes. */
const FORBIDDEN = ['\\u0000', 'a\\u0000b', '\\ud800', 'x\\udc00', '\\udbff\\u0041'];

const BOUNDARY = 'xYzBoundary';
const CSV_PART =
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="csvFile"; filename="p.csv"\r\n` +
  'Content-Type: text/csv\r\n\r\nplayer_name,position,team,week,pred_mean,pred_std,season\r\nA B,QB,KC,1,20,5,2025\r\n';

describe.each(EMBEDDED_DATABASE)('untrusted input on %s', (kind) => {
  let server: TestServer;
  let user: TestAccount;
  let admin: TestAccount;
  const statuses: number[] = [];

  /** A request with the account's cookies and CSRF token; every status is kept for the 5xx check. */
  async function send(
    account: TestAccount,
    method: string,
    path: string,
    body?: string,
    contentType = 'application/json',
  ): Promise<RawResponse> {
    const cookie = [...account.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const headers: Record<string, string> = { cookie, 'x-csrf-token': account.client.csrfToken! };
    if (body !== undefined) headers['content-type'] = contentType;
    const answer = await rawRequest(server.url, { method, path, headers, body });
    statuses.push(answer.status);
    return answer;
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
    user = await signedInAccount(server);
    admin = await signedInAccount(server, 'admin');
    await user.client.fetchCsrfToken();
    await admin.client.fetchCsrfToken();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('refuses deeply nested JSON with 400 INVALID_JSON, on REST and tRPC paths', async () => {
    for (const path of ['/api/auth/forgot-password', '/api/matchup/simulate', '/trpc/auth.forgotPassword']) {
      for (const [shape, body] of Object.entries(DEEP_BODIES)) {
        const answer = await send(user, 'POST', path, body);
        expect(`${path} ${shape} → ${answer.status} ${answer.body?.code}`).toBe(
          `${path} ${shape} → 400 INVALID_JSON`,
        );
      }
    }
    // A query string holds far less than a body (431 above 16 KB), so 100 levels here.
    const deepInput = encodeURIComponent(`${'{"a":'.repeat(100)}1${'}'.repeat(100)}`);
    const query = await send(user, 'GET', `/trpc/projections.publicList?input=${deepInput}`);
    expect(query.status).toBe(400);
    expect(query.body.code).toBe('INVALID_JSON');
  });

  it('refuses U+0000 and lone surrogates in any string, naming the field, and accepts real emoji', async () => {
    for (const text of FORBIDDEN) {
      const cases: Array<[string, string, string]> = [
        ['/api/matchup/simulate', `{"user_team":["${text}"],"opponent_team":["2"]}`, 'user_team.0'],
        ['/api/events/page-view', `{"path":"/x${text}"}`, 'path'],
        ['/api/auth/login', `{"email":"a${text}@example.com","password":"p"}`, 'email'],
        ['/api/auth/forgot-password', `{"email":"a@example.com","${text}":1}`, JSON.parse(`"${text}"`)],
        ['/trpc/events.pageView', `{"path":"/x${text}"}`, 'path'],
      ];
      for (const [path, body, field] of cases) {
        const answer = await send(user, 'POST', path, body);
        expect(`${path} ${text} → ${answer.status} ${answer.body?.code}`).toBe(
          `${path} ${text} → 400 VALIDATION_ERROR`,
        );
        expect(answer.body.field).toBe(field);
      }
    }
    const emoji = await send(user, 'POST', '/api/events/page-view', '{"path":"/\\ud83c\\udfc8"}');
    expect(emoji.status).toBe(200);
  });

  it('refuses U+0000 in query strings and path parameters, before any download starts', async () => {
    const paths = [
      '/api/projections/public/all?team=%00',
      '/api/projections/all?team=KC%00',
      '/api/projections/public/%00',
      `/trpc/projections.publicList?input=${encodeURIComponent('{"scope":"all","team":"\\u0000"}')}`,
      '/api/admin/data-management/export-projections?format=csv&team=%00',
      '/api/admin/data-management/export-analytics?format=csv&limit=100%00',
      '/api/admin/data-management/export-projections?format=json&%00=1',
    ];
    for (const path of paths) {
      const answer = await send(admin, 'GET', path);
      expect(`${path} → ${answer.status}`).toBe(`${path} → 400`);
      expect(answer.body.code).toBe('VALIDATION_ERROR');
      expect(answer.headers['content-disposition']).toBeUndefined();
    }
  });

  it('answers a broken multipart upload with 400 {code, message}', async () => {
    const uploads: Record<string, [string, string]> = {
      'no boundary': ['multipart/form-data', `${CSV_PART}--${BOUNDARY}--\r\n`],
      'cut short': [`multipart/form-data; boundary=${BOUNDARY}`, CSV_PART],
      'cut inside the headers': [
        `multipart/form-data; boundary=${BOUNDARY}`,
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="csvFile"; filen`,
      ],
      'wrong boundary': [`multipart/form-data; boundary=other`, `${CSV_PART}--${BOUNDARY}--\r\n`],
      'empty body': [`multipart/form-data; boundary=${BOUNDARY}`, ''],
      'U+0000 in the file': [
        `multipart/form-data; boundary=${BOUNDARY}`,
        `${CSV_PART.replace('A B', 'A\0B')}--${BOUNDARY}--\r\n`,
      ],
    };
    for (const route of ['preview-csv', 'import-projections']) {
      for (const [breakage, [contentType, body]] of Object.entries(uploads)) {
        const answer = await send(admin, 'POST', `/api/admin/data-management/${route}`, body, contentType);
        expect(`${route} ${breakage} → ${answer.status}`).toBe(`${route} ${breakage} → 400`);
        expect(answer.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
      }
    }
    const manyFields = Array.from(
      { length: 12 },
      (_, i) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`,
    ).join('');
    const tooMany = await send(
      admin,
      'POST',
      '/api/admin/data-management/preview-csv',
      `${manyFields}${CSV_PART}--${BOUNDARY}--\r\n`,
      `multipart/form-data; boundary=${BOUNDARY}`,
    );
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answered none of the requests above with a 5xx', () => {
    expect(statuses.length).toBeGreaterThan(50);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
  });
});
