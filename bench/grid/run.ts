/**
 * bench/grid — does the Database panel's grid scroll smoothly through 100,000 rows?
 * Seeds BENCH_GRID_ROWS (100,000) rows through POST /import, opens the builder's Database
 * panel in headless Chromium and scrolls the grid from top to bottom in steps, measuring
 * frame intervals (requestAnimationFrame), the rows in the DOM, and how long newly reached
 * rows take to show data instead of skeletons. Side by side, the floor: the same scroll on a
 * static element of the same height with no React and no data at all (what the browser
 * itself costs). Prints one markdown table and saves it to bench/results/.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { launchChromium } from "../../e2e/support/launch-chromium.ts";
import { markdownTable, ROOT, startLiftoff } from "../support.ts";

const ROWS = Number(process.env.BENCH_GRID_ROWS ?? 100_000);
const STEPS = Number(process.env.BENCH_GRID_STEPS ?? 200);
// Chromium's CPU throttling for the grid and the floor alike (4: a slower laptop or a phone),
// so a change can be judged where frames are tight, not only on this machine.
const THROTTLE = Number(process.env.BENCH_GRID_CPU_THROTTLE ?? 1);

const SCHEMA = {
  name: "Order",
  type: "object",
  properties: {
    customer: { type: "string" },
    status: { type: "string", enum: ["new", "paid", "shipped"] },
    total: { type: "number" },
    paid: { type: "boolean" },
    placedAt: { type: "string", format: "date-time" },
    tags: { type: "array", items: { type: "string", enum: ["gift", "rush", "bulk"] } },
    notes: { type: "string" },
  },
};

function csv(): string {
  const lines = ["customer,status,total,paid,placedAt,tags,notes"];
  const statuses = ["new", "paid", "shipped"];
  for (let i = 0; i < ROWS; i++) {
    const day = String((i % 28) + 1).padStart(2, "0");
    lines.push(
      `Customer ${i},${statuses[i % 3]},${(i % 997) + 0.5},${i % 2 === 0},2026-03-${day}T10:00:00.000Z,"gift,rush",Note ${i}`,
    );
  }
  return `${lines.join("\n")}\n`;
}

type ScrollResult = {
  frames: number;
  p50: number;
  p95: number;
  max: number;
  domRows: number;
  fillP95: number;
};

/**
 * Scrolls `selector` and measures, one step per frame: top to bottom in STEPS jumps, or —
 * with `wheelPx` — STEPS steps of that many pixels from the middle, like a mouse wheel.
 */
async function scrollThrough(
  page: Page,
  selector: string,
  rowSelector: string | null,
  wheelPx = 0,
): Promise<ScrollResult> {
  return page.evaluate(
    async ({ selector, rowSelector, steps, wheelPx }) => {
      const el = document.querySelector(selector) as HTMLElement;
      const origin = wheelPx ? Math.floor((el.scrollHeight - el.clientHeight) / 2) : 0;
      if (wheelPx) {
        el.scrollTop = origin;
        const settled = performance.now();
        while (
          !el.querySelector('[data-testid="db-row"]:not([aria-rowindex="1"])') ||
          el.querySelector('[data-testid="db-row-loading"]')
        ) {
          if (performance.now() - settled > 10_000) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
      const frame = () => new Promise<number>((resolve) => requestAnimationFrame((t) => resolve(t)));
      const intervals: number[] = [];
      const fills: number[] = [];
      let domRows = 0;
      let last = await frame();
      for (let step = 1; step <= steps; step++) {
        el.scrollTop = wheelPx
          ? origin + wheelPx * step
          : ((el.scrollHeight - el.clientHeight) * step) / steps;
        const now = await frame();
        intervals.push(now - last);
        last = now;
        if (rowSelector) {
          domRows = Math.max(domRows, el.querySelectorAll(rowSelector).length);
          // How long until the rows now at the top of the view hold data: a filled row
          // (not a loading skeleton) at the index the scroll position puts there (40 px
          // rows; a few rows of slack for the header).
          const started = performance.now();
          const top = Math.floor(el.scrollTop / 40);
          const filled = () =>
            [0, 1, 2, 3].some((d) =>
              el.querySelector(`[data-testid="db-row"][aria-rowindex="${top + d + 2}"]`),
            );
          while (!filled() && performance.now() - started < 5000) {
            last = await frame();
          }
          fills.push(performance.now() - started);
        }
      }
      // A scroller that did not move measures nothing: fail instead.
      const moved = wheelPx
        ? Math.abs(el.scrollTop - (origin + wheelPx * steps)) <= 2
        : el.scrollTop + el.clientHeight >= el.scrollHeight - 2;
      if (el.scrollHeight - el.clientHeight < 1000 || !moved) {
        throw new Error(
          `did not scroll to the bottom: ${el.scrollTop} + ${el.clientHeight} of ${el.scrollHeight}`,
        );
      }
      const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
      const at = (xs: number[], q: number) => {
        const s = sorted(xs);
        return Math.round((s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0) * 10) / 10;
      };
      return {
        frames: intervals.length,
        p50: at(intervals, 0.5),
        p95: at(intervals, 0.95),
        max: at(intervals, 1),
        domRows,
        fillP95: fills.length ? at(fills, 0.95) : 0,
      };
    },
    { selector, rowSelector, steps: STEPS, wheelPx },
  );
}

async function main() {
  const server = await startLiftoff();
  const browser = await launchChromium();
  try {
    const post = async (path: string, body: unknown, token?: string) => {
      const res = await fetch(server.url + path, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      const json = await res.json();
      if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
      return json;
    };
    const email = "grid@bench.local";
    const { token } = await post("/api/session/signup", { email, password: "bench-pass-42" });
    const app = await post("/api/apps", { appType: "space", name: "Grid bench" }, token);
    const auth = { authorization: `Bearer ${token}` };
    const put = await fetch(`${server.url}/api/apps/${app.id}/entities/Order`, {
      method: "PUT",
      headers: { "content-type": "application/json", ...auth },
      body: JSON.stringify(SCHEMA),
    });
    if (!put.ok) throw new Error(await put.text());
    process.stderr.write(`[grid] importing ${ROWS} rows\n`);
    const form = new FormData();
    form.set("file", new File([csv()], "orders.csv", { type: "text/csv" }));
    const imported = await fetch(`${server.url}/api/apps/${app.id}/entities/Order/records/import`, {
      method: "POST",
      headers: auth,
      body: form,
    }).then((r) => r.json());
    if (imported.imported !== ROWS) throw new Error(`imported ${JSON.stringify(imported).slice(0, 300)}`);

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: server.url });
    // The web app's session is the server's HttpOnly cookie: sign in through the context's
    // own request client, which keeps the cookie the answer sets.
    const login = await context.request.post(`${server.url}/api/session/login`, {
      data: { email, password: "bench-pass-42" },
      headers: { origin: server.url },
    });
    if (!login.ok()) throw new Error(`login: ${login.status()} ${await login.text()}`);
    // tsx compiles this file with esbuild's keepNames, which wraps the named functions inside
    // the page.evaluate callback in a __name() helper that only exists in Node.
    await context.addInitScript({ content: "globalThis.__name = (fn) => fn;" });
    const page = await context.newPage();
    const throttle = async (target: Page) => {
      if (THROTTLE > 1) {
        const cdp = await context.newCDPSession(target);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLE });
      }
    };
    await throttle(page);
    await page.goto(`/build/app/${app.id}?panel=database`);
    await page.getByTestId("db-entity-item").first().click();
    await page.locator('[data-testid="db-row"]').first().waitFor({ timeout: 30_000 });
    const grid = await scrollThrough(
      page,
      '[data-testid="db-grid-scroll"]',
      '[data-testid="db-row"], [data-testid="db-row-loading"]',
    );

    // Like a mouse wheel from the middle: 3 rows per frame.
    const wheel = await scrollThrough(
      page,
      '[data-testid="db-grid-scroll"]',
      '[data-testid="db-row"], [data-testid="db-row-loading"]',
      120,
    );

    // The floor: a plain element as tall as the grid's content, nothing rendered inside.
    const floorPage = await context.newPage();
    await throttle(floorPage);
    await floorPage.setContent(
      `<div id="s" style="height:480px;overflow:auto"><div style="height:${ROWS * 40}px"></div></div>`,
    );
    const floor = await scrollThrough(floorPage, "#s", null);
    const floorWheel = await scrollThrough(floorPage, "#s", null, 120);

    const rows = [
      [
        "Liftoff grid: jumps top to bottom",
        grid.frames,
        grid.p50,
        grid.p95,
        grid.max,
        grid.domRows,
        grid.fillP95,
      ],
      ["Floor: empty scroller, same jumps", floor.frames, floor.p50, floor.p95, floor.max, 0, "-"],
      [
        "Liftoff grid: wheel, 120 px per frame from the middle",
        wheel.frames,
        wheel.p50,
        wheel.p95,
        wheel.max,
        wheel.domRows,
        wheel.fillP95,
      ],
      [
        "Floor: empty scroller, same wheel steps",
        floorWheel.frames,
        floorWheel.p50,
        floorWheel.p95,
        floorWheel.max,
        0,
        "-",
      ],
    ];
    const table = markdownTable(
      [
        "target",
        "scroll steps",
        "frame p50 ms",
        "frame p95 ms",
        "frame max ms",
        "rows in DOM (max)",
        "rows filled p95 ms",
      ],
      rows,
    );
    const report = [
      `# bench/grid — ${new Date().toISOString().slice(0, 10)}`,
      "",
      `${ROWS.toLocaleString()} rows, 1440x900 headless Chromium${THROTTLE > 1 ? ` with its CPU throttled ${THROTTLE}x` : ""} on the same machine as the server: ${STEPS} jumps from top to bottom, then ${STEPS} wheel steps of 120 px (3 rows) from the middle, one step per frame.`,
      "",
      table,
      "",
      "Smooth means frame intervals near the floor's and a constant number of rows in the DOM.",
    ].join("\n");
    process.stdout.write(`${report}\n`);
    mkdirSync(join(ROOT, "bench/results"), { recursive: true });
    writeFileSync(
      join(
        ROOT,
        `bench/results/grid-${new Date().toISOString().slice(0, 10)}${THROTTLE > 1 ? `-cpu${THROTTLE}x` : ""}.md`,
      ),
      `${report}\n`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
