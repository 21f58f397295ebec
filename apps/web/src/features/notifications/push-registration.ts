import { trpcClient } from '../../lib/trpc-client';

/** The service worker that shows push messages (public/sw.js). */
export const SERVICE_WORKER_URL = '/sw.js';

export function isPushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** An iPhone or iPad (iPadOS says it is a Mac, but has touch). */
export function isAppleMobile(): boolean {
  if (typeof navigator === 'undefined') return false;
  return (
    /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1)
  );
}

/** Opened from the home screen (a standalone web app), where iOS allows Web Push. */
export function isStandalone(): boolean {
  const apple = (navigator as Navigator & { standalone?: boolean }).standalone;
  return apple === true || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

function applicationServerKey(key: string): Uint8Array<ArrayBuffer> {
  const base64 = key.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** This browser's subscription, if it has one (no permission is asked). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!isPushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Asks the browser's permission (only ever from the person's tap on "Turn on notifications"), registers the
 * service worker, subscribes with the server's key and hands the subscription to the server.
 */
export async function turnOnPush(): Promise<'on' | 'denied'> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  await navigator.serviceWorker.register(SERVICE_WORKER_URL);
  const registration = await navigator.serviceWorker.ready;
  const { key } = await trpcClient.notifications.publicKey.query();
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKey(key),
    }));
  const json = subscription.toJSON();
  await trpcClient.notifications.subscribe.mutate({
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  });
  return 'on';
}

/** Stops pushes to this browser: unsubscribed here, forgotten by the server. */
export async function turnOffPush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await trpcClient.notifications.unsubscribe.mutate({ endpoint: subscription.endpoint });
  await subscription.unsubscribe();
}
