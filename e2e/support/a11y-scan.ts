import type { Browser, BrowserContext, Frame, Page } from "playwright-core";
import { expect } from "vitest";
import { type AxeViolation, axeViolations, blocking, describeViolations, impactCounts } from "./axe.ts";
import { baseUrl } from "./browser.ts";

/**
 * What the accessibility suites share (issue 14): the two widths they scan at, a context per
 * width, waiting out entrance animations, a scanner that also checks every dialog, menu and
 * popover it opens has a name, and the verdict over all the scans.
 */
export const VIEWPORTS = [
  { label: "1280", width: 1280, height: 800 },
  { label: "375", width: 375, height: 812 },
] as const;

export type Viewport = { label: string; width: number; height: number };
export type SessionState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/** A browser context at one width, signed in when given a session's storage state. */
export async function openContext(
  browser: Browser,
  options: { viewport: Viewport; storageState?: SessionState },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: options.viewport.width, height: options.viewport.height },
    baseURL: baseUrl(),
    ...(options.storageState ? { storageState: options.storageState } : {}),
  });
  return { context, page: await context.newPage() };
}

/**
 * Waits until the finite animations of a document have ended: entrance fades and zooms would
 * make axe measure contrast mid-way. A spinner's infinite one is left running. Waiting on the
 * animations themselves, not a fixed sleep, is as long as the page needs and no longer.
 */
export async function settleAnimations(target: Page | Frame): Promise<void> {
  await target.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * What counts as an open overlay: dialogs and alert dialogs, menus, list boxes, and anything a
 * Radix popper shows (popovers, menus, select lists), except tooltips, which need no name.
 */
const OVERLAYS =
  '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"], dialog[open], [data-radix-popper-content-wrapper] > *';

/**
 * The open overlays in `target` without an accessible name, each as a selector and the start
 * of its HTML. Named means: with aria-labelledby, every id it lists exists and has text (or a
 * label of its own, as an icon button a menu is labelled by has); without, a non-empty
 * aria-label. A string, not a function, so no bundler helper leaks into the page.
 */
export async function unnamedOverlays(target: Page | Frame): Promise<string[]> {
  return (await target.evaluate(`(() => {
    const textOf = (el) => ((el.getAttribute("aria-label") || el.textContent || "").trim());
    const found = [];
    for (const el of new Set(document.querySelectorAll(${JSON.stringify(OVERLAYS)}))) {
      if (!el.checkVisibility()) continue;
      if (el.getAttribute("role") === "tooltip" || el.querySelector('[role="tooltip"]')) continue;
      const ids = (el.getAttribute("aria-labelledby") || "").split(/\\s+/).filter(Boolean);
      const named = ids.length > 0
        ? ids.every((id) => { const ref = document.getElementById(id); return ref !== null && textOf(ref) !== ""; })
        : (el.getAttribute("aria-label") || "").trim() !== "";
      if (named) continue;
      const testId = el.getAttribute("data-testid");
      const selector = el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") +
        (el.getAttribute("role") ? '[role="' + el.getAttribute("role") + '"]' : "") +
        (testId ? '[data-testid="' + testId + '"]' : "");
      found.push(selector + "  " + el.outerHTML.slice(0, 300));
    }
    return found;
  })()`)) as string[];
}

/** The open overlay a scan waits for: the last dialog or menu (a menu's item opens the next). */
const openOverlay = (page: Page) =>
  page.locator('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]').last();

/**
 * Scans of one page at one width, their violations added to `violations`. `scanDialog` opens
 * an overlay, fails the test at once if any open overlay is unnamed, scans it, and closes it
 * with Escape.
 */
export function a11yScanner(options: { page: Page; viewport: Viewport; violations: AxeViolation[] }) {
  const { page, viewport, violations } = options;
  const started = performance.now();
  let scans = 0;
  const scan = async (name: string): Promise<void> => {
    await settleAnimations(page);
    violations.push(...(await axeViolations(page, `${name}@${viewport.label}`)));
    scans += 1;
    console.info(`scanned ${name}@${viewport.label} (${Math.round(performance.now() - started)} ms)`);
  };
  /** Opens an overlay, fails at once if any open overlay is unnamed, runs `inside`, closes it. */
  const withOverlay = async (name: string, open: () => Promise<unknown>, inside: () => Promise<void>) => {
    await open();
    await openOverlay(page).waitFor();
    await settleAnimations(page);
    const unnamed = await unnamedOverlays(page);
    expect(unnamed.join("\n"), `${name}@${viewport.label}: an open overlay has no name`).toBe("");
    await inside();
    await page.keyboard.press("Escape");
    await openOverlay(page).waitFor({ state: "detached" });
  };
  const scanDialog = (name: string, open: () => Promise<unknown>) =>
    withOverlay(name, open, () => scan(name));
  return { scan, scanDialog, scanCount: () => scans };
}

/**
 * The verdict over a suite's scans: the counts by impact and every violation in the log, and
 * a failure listing the serious and critical ones.
 */
export function expectNoBlockingViolations(violations: AxeViolation[], what: string): void {
  console.info(
    `${what}: axe violations by impact (rule × screen): ${JSON.stringify(impactCounts(violations))}`,
  );
  if (violations.length > 0) console.info(describeViolations(violations));
  expect(describeViolations(blocking(violations))).toBe("");
}
