import type { FakeAnswer } from '../auth/test-support';

/** A /trpc batch answer of one successful call, as the server sends it (no transformer). */
export function trpcData(data: unknown): FakeAnswer {
  return [200, [{ result: { data } }]];
}

/** A /trpc batch answer of one failed call carrying the app's code and message. */
export function trpcError(status: number, appCode: string, message: string): FakeAnswer {
  return [
    status,
    [{ error: { message, code: -32603, data: { code: appCode, httpStatus: status, appCode } } }],
  ];
}
