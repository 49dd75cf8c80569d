import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect, inject } from "vitest";
import { launchChromium } from "./launch-chromium.ts";

export { CHROMIUM_PATH } from "./launch-chromium.ts";
export const SCREENSHOT_DIR = new URL("../../.e2e-artifacts", import.meta.url).pathname;

/** Debian's Chromium, headless; the flags keep it off the (closed) network. */
export function launchBrowser(): Promise<Browser> {
  return launchChromium();
}

export function baseUrl(): string {
  return inject("baseUrl");
}

export async function newPage(
  browser: Browser,
  viewport = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl() });
  const page = await context.newPage();
  return { context, page };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

let counter = 0;
/** A unique address per test run so tests never collide on the shared server. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@e2e.liftoff.test`;
}

/**
 * Closes every toast on the page. Toasts sit at the bottom right, over whatever the page
 * scrolled there, and hovering one pauses its timer, so a click aimed below a toast can
 * keep landing on it; tests close them before clicking there.
 */
export async function dismissToasts(page: Page): Promise<void> {
  const toasts = page.locator("[data-sonner-toast]");
  for (let i = await toasts.count(); i > 0; i = await toasts.count()) {
    await toasts.first().hover();
    await toasts.first().getByRole("button", { name: /close/i }).click();
    await expect.poll(() => toasts.count(), { timeout: 5_000 }).toBeLessThan(i);
  }
}
