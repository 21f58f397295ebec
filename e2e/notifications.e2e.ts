import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptPush, startFakePushService, type FakePushService } from '@fm/api/testing';
import { launchBrowser, screenshot, startE2eApp, type E2eApp } from './harness.js';
import { openSignedInPage } from './site-pages.js';
import { until } from './until.js';

/**
 * Debian's Chromium has no push service of its own (no Google API keys: `pushManager.subscribe` is refused), so the
 * browser's registration with its push service — the network boundary we do not own — is replaced in the page by
 * one on a local push service, with keys the test holds. Everything else is real: the server encrypts and signs
 * the message to that service, the test decrypts it as the push service's browser would, and Chromium's DevTools
 * protocol delivers it to the registered service worker.
 */
function fakeBrowserPushService(
  page: Page,
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
) {
  return page.addInitScript((held) => {
    const toBuffer = (value: string) => {
      const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
      const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
      return Uint8Array.from(text, (c) => c.charCodeAt(0)).buffer;
    };
    // a browser keeps its subscription across page loads: so does this one, for the tab's life
    const SUBSCRIBED = 'e2e-fake-push-subscribed';
    const setSubscribed = (isSubscribed: boolean) =>
      sessionStorage.setItem(SUBSCRIBED, isSubscribed ? '1' : '');
    const subscription = {
      endpoint: held.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      getKey: (name: 'p256dh' | 'auth') => toBuffer(held.keys[name]),
      toJSON: () => ({ endpoint: held.endpoint, expirationTime: null, keys: held.keys }),
      unsubscribe: async () => {
        setSubscribed(false);
        return true;
      },
    };
    PushManager.prototype.subscribe = async function subscribe() {
      setSubscribed(true);
      return subscription as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function getSubscription() {
      const isSubscribed = sessionStorage.getItem(SUBSCRIBED) === '1';
      return (isSubscribed ? subscription : null) as unknown as PushSubscription | null;
    };
  }, subscription);
}

describe('push notifications in the browser', () => {
  let app: E2eApp;
  let browser: Browser;
  let pushService: FakePushService;

  beforeAll(async () => {
    pushService = await startFakePushService();
    [app, browser] = await Promise.all([
      startE2eApp({ name: 'notifications', env: { PUSH_ENDPOINT_ALLOW: pushService.origin } }),
      launchBrowser(),
    ]);
  }, 900_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await pushService?.close();
  });

  it('turns notifications on from Settings, shows a pushed message, and opens its page when tapped', async () => {
    const { context, page, errors } = await openSignedInPage(browser, app);
    await context.grantPermissions(['notifications'], { origin: app.baseUrl });
    const browserKeys = pushService.subscribe();
    await fakeBrowserPushService(page, browserKeys);

    await page.goto('/settings?tab=notifications');
    const kinds = page.getByRole('switch', { name: 'A starter will not play: Push' });
    await expect(kinds.isChecked()).resolves.toBe(false);
    await kinds.check();
    await page.getByRole('button', { name: 'Turn on notifications' }).click();
    await page.getByText('Notifications are on in this browser.').first().waitFor();
    await screenshot(page, 'settings-notifications-desktop');

    // the server's test message: encrypted to this browser's keys at the push service
    const before = pushService.received.length;
    await page.getByRole('button', { name: 'Send me a test', exact: true }).click();
    const [push] = (await pushService.waitFor(before + 1, 30_000)).slice(before);
    const message = decryptPush(push!.body, browserKeys) as { title: string; body: string; url: string };
    expect(message).toMatchObject({ kind: 'test', title: 'Fantasy Matchup test', url: '/settings' });

    // the push service hands it to the browser: Chromium delivers it to the registered service worker
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('ServiceWorker.enable');
    const registrationId = await new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = registrations.find((r: { scopeURL: string }) => r.scopeURL.startsWith(app.baseUrl));
        if (found) resolve(found.registrationId);
      });
    });
    const delivered = { ...message, url: '/leagues' };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: app.baseUrl,
      registrationId,
      data: JSON.stringify(delivered),
    });
    // getNotifications is asynchronous: poll it (waitForFunction would take the pending promise as the answer)
    const shown = await until('the pushed notification to be shown', 30_000, () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        const [notification] = await registration.getNotifications();
        return notification ? { title: notification.title, body: notification.body } : undefined;
      }),
    );
    expect(shown).toEqual({ title: message.title, body: message.body });

    // a tap on it opens its page in this window
    const [worker] = context.serviceWorkers();
    await worker!.evaluate(async () => {
      // the worker's own globals (this file is typed for pages, not for service workers)
      const scope = self as unknown as { registration: ServiceWorkerRegistration } & EventTarget;
      const WorkerNotificationEvent = (
        self as unknown as { NotificationEvent: new (type: string, init: object) => Event }
      ).NotificationEvent;
      const [notification] = await scope.registration.getNotifications();
      scope.dispatchEvent(new WorkerNotificationEvent('notificationclick', { notification: notification! }));
    });
    await page.waitForURL(`${app.baseUrl}/leagues`);
    expect(errors).toEqual([]);

    // the same section on a phone
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/settings?tab=notifications');
    await page.getByText('Notifications are on in this browser.').first().waitFor();
    await screenshot(page, 'settings-notifications-phone');
  }, 600_000);
});
