import { AppError } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { COSTLY_WAITING_MAX, COSTLY_WAITING_PER_APP, runCostly } from "./run-costly.ts";

/** A run that holds the PGlite gate (limit 1) until released. */
function holder() {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { run: () => held.then(() => "held"), release };
}

describe("runCostly", () => {
  it("drops a waiter whose request aborts and hands the slot to the next live one", async () => {
    const first = holder();
    const running = runCostly("pglite", first.run);
    const order: string[] = [];
    const gone = new AbortController();
    const abandoned = runCostly("pglite", async () => order.push("abandoned"), gone.signal);
    const live = runCostly("pglite", async () => order.push("live"), new AbortController().signal);
    gone.abort();
    await expect(abandoned).rejects.toMatchObject({ code: "SERVICE_UNAVAILABLE" });
    first.release();
    await expect(running).resolves.toBe("held");
    await live;
    expect(order).toEqual(["live"]);
    // The gate is free again: a new run starts at once.
    await expect(runCostly("pglite", async () => "next")).resolves.toBe("next");
  });

  it("counts only live waiters against COSTLY_WAITING_MAX", async () => {
    const first = holder();
    const running = runCostly("pglite", first.run);
    const controllers = Array.from({ length: COSTLY_WAITING_MAX }, () => new AbortController());
    const waiting = controllers.map((ctl) => runCostly("pglite", async () => "late", ctl.signal));
    // The line is full: one more is refused at once.
    await expect(runCostly("pglite", async () => "over")).rejects.toBeInstanceOf(AppError);
    // Every client gave up (timed out): the line empties and a new request queues again.
    for (const ctl of controllers) ctl.abort();
    const settled = await Promise.allSettled(waiting);
    expect(settled.every((s) => s.status === "rejected")).toBe(true);
    const queued = runCostly("pglite", async () => "queued");
    first.release();
    await running;
    await expect(queued).resolves.toBe("queued");
  });

  it("refuses a request that was aborted before it asked", async () => {
    const gone = new AbortController();
    gone.abort();
    let ran = false;
    await expect(
      runCostly(
        "pglite",
        async () => {
          ran = true;
        },
        gone.signal,
      ),
    ).rejects.toMatchObject({ code: "SERVICE_UNAVAILABLE" });
    expect(ran).toBe(false);
  });

  it("keeps room in the line for other apps when one app fills its share", async () => {
    const first = holder();
    const running = runCostly("pglite", first.run);
    const greedy = Array.from({ length: COSTLY_WAITING_PER_APP }, () =>
      runCostly("pglite", async () => "greedy", undefined, "app-a"),
    );
    // App A's next one is refused; app B's is queued (and runs) though the line is not full.
    await expect(runCostly("pglite", async () => "more", undefined, "app-a")).rejects.toMatchObject({
      code: "SERVICE_UNAVAILABLE",
    });
    const other = runCostly("pglite", async () => "other", undefined, "app-b");
    first.release();
    await running;
    await expect(Promise.all(greedy)).resolves.toHaveLength(COSTLY_WAITING_PER_APP);
    await expect(other).resolves.toBe("other");
    // Served, app A's share is free again.
    await expect(runCostly("pglite", async () => "again", undefined, "app-a")).resolves.toBe("again");
  });
});
