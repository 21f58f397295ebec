import type { PushMessage } from '@fm/contract';
import webpush from 'web-push';
import type { Config } from '../../config.js';

/** A push service that has not answered in this long is tried again later. */
export const PUSH_TIMEOUT_MS = 10_000;

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushOptions {
  /** Seconds the push service keeps the message for an offline browser (a starter_out: until kickoff). */
  ttlSeconds: number;
  /** RFC 8030 Topic: a newer message with the same topic replaces one not yet delivered. */
  topic?: string | undefined;
  urgency?: 'normal' | 'high';
}

/** What the push service said: delivered, the subscription is gone (404/410), or try again later. */
export type PushOutcome =
  | { outcome: 'delivered' }
  | { outcome: 'gone' }
  | { outcome: 'retry'; error: string }
  | { outcome: 'refused'; error: string };

/**
 * Sends one message: web-push encrypts it (RFC 8291 aes128gcm) and signs the request (RFC 8292 VAPID); it is
 * posted here, with a timeout, so a slow push service holds one send, never a request.
 */
export async function sendPush(
  vapid: Config['vapid'],
  target: PushTarget,
  message: PushMessage,
  options: PushOptions,
): Promise<PushOutcome> {
  const details = webpush.generateRequestDetails(target, JSON.stringify(message), {
    vapidDetails: vapid,
    TTL: Math.max(0, Math.floor(options.ttlSeconds)),
    contentEncoding: 'aes128gcm',
    urgency: options.urgency ?? 'normal',
    ...(options.topic ? { topic: options.topic } : {}),
  });
  const headers = Object.fromEntries(
    Object.entries(details.headers).map(([name, value]) => [name, String(value)]),
  );
  delete headers['Content-Length'];
  let response: Response;
  try {
    response = await fetch(details.endpoint, {
      method: 'POST',
      headers,
      body: details.body ? new Uint8Array(details.body) : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
  } catch (error) {
    return { outcome: 'retry', error: `push service unreachable: ${(error as Error).message}` };
  }
  await response.body?.cancel().catch(() => {});
  if (response.status >= 200 && response.status < 300) return { outcome: 'delivered' };
  if (response.status === 404 || response.status === 410) return { outcome: 'gone' };
  if (response.status === 429 || response.status >= 500) {
    return { outcome: 'retry', error: `push service answered ${response.status}` };
  }
  return { outcome: 'refused', error: `push service refused the message (${response.status})` };
}
