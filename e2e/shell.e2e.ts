import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, startE2eApp, type E2eApp } from './harness.js';

describe('web shell', () => {
  let app: E2eApp;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startE2eApp({ name: 'shell' }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows the visitor navigation and the landing page', async () => {
    const { page, errors, context } = await openPage(browser, app.baseUrl);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    // The visitor links appear once the session check has answered.
    await nav.getByRole('link', { name: 'Sign Up' }).waitFor();
    await expect(nav.getByRole('link').allTextContents()).resolves.toEqual([
      'Projections',
      'Compare',
      'Login',
      'Sign Up',
    ]);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBeTruthy();
    await screenshot(page, 'shell-landing-1280');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('redirects a visitor on an unknown path to /', async () => {
    const { page, context } = await openPage(browser, app.baseUrl);
    await page.goto('/some/unknown/place');
    await page.waitForURL(`${app.baseUrl}/`);
    await context.close();
  });

  it('mirrors the navigation in a mobile sidebar that opens and closes by keyboard', async () => {
    const { page, context } = await openPage(browser, app.baseUrl, { viewport: { width: 375, height: 740 } });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' }).isVisible()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const sidebar = page.getByRole('dialog', { name: 'Menu' });
    await expect(sidebar.getByRole('link').allTextContents()).resolves.toEqual([
      'Projections',
      'Compare',
      'Login',
      'Sign Up',
    ]);
    await screenshot(page, 'shell-sidebar-375');
    await page.keyboard.press('Escape');
    await expect(sidebar.count()).resolves.toBe(0);
    await context.close();
  });

  it('shows a retry message instead of a blank page when a page chunk fails to load', async () => {
    const { page, context } = await openPage(browser, app.baseUrl);
    await page.route('**/assets/LandingPage-*.js', (route) => route.abort());
    await page.goto('/');
    await page.getByRole('heading', { name: 'This page did not load' }).waitFor();
    await expect(page.getByRole('button', { name: 'Retry' }).isVisible()).resolves.toBe(true);
    await context.close();
  });
});
