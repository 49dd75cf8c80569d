import { ACCOUNT_MESSAGES, AppError } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import {
  ACCOUNT_CREATE_INITIAL_WAIT_MS,
  ACCOUNT_CREATE_RETRY_INTERVAL_MS,
  createAccount,
} from "./create-account.ts";

const unauthorized = () => new AppError("UNAUTHORIZED", "Unauthorized");

/** A fake POST that answers from a script: an Error is thrown, anything else is returned. */
function scripted(answers: Array<Error | { accountId: string }>) {
  const bodies: Array<{ saleId?: string }> = [];
  const post = async (body: { saleId?: string }) => {
    bodies.push(body);
    const next = answers.shift();
    if (!next) throw new Error("no more answers");
    if (next instanceof Error) throw next;
    return next;
  };
  return { post, bodies };
}

function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

describe("createAccount", () => {
  it("creates at once without a sale id", async () => {
    const { post, bodies } = scripted([{ accountId: "acc_1" }]);
    const { sleep, waits } = recordingSleep();
    await expect(createAccount({ post, sleep })).resolves.toEqual({ kind: "created", accountId: "acc_1" });
    expect(waits).toEqual([]);
    expect(bodies).toEqual([{}]);
  });

  it("treats a 401 without a sale id as final", async () => {
    const { post, bodies } = scripted([unauthorized(), { accountId: "never" }]);
    const { sleep, waits } = recordingSleep();
    await expect(createAccount({ post, sleep })).resolves.toEqual({
      kind: "unauthorized",
      redirectTo: "/error/unauthorized",
    });
    expect(bodies).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it("waits 3 s first with a sale id and retries 401s every 4 s until it succeeds", async () => {
    const { post, bodies } = scripted([unauthorized(), unauthorized(), { accountId: "acc_2" }]);
    const { sleep, waits } = recordingSleep();
    await expect(createAccount({ saleId: "sale_9", post, sleep })).resolves.toEqual({
      kind: "created",
      accountId: "acc_2",
    });
    expect(waits).toEqual([
      ACCOUNT_CREATE_INITIAL_WAIT_MS,
      ACCOUNT_CREATE_RETRY_INTERVAL_MS,
      ACCOUNT_CREATE_RETRY_INTERVAL_MS,
    ]);
    expect(waits[0]).toBe(3_000);
    expect(waits[1]).toBe(4_000);
    expect(bodies.every((body) => body.saleId === "sale_9")).toBe(true);
  });

  it("gives up after 7 retries and sends the sale id as paymentId", async () => {
    const { post, bodies } = scripted(Array.from({ length: 20 }, unauthorized));
    const { sleep, waits } = recordingSleep();
    await expect(createAccount({ saleId: "sale 1&2", post, sleep })).resolves.toEqual({
      kind: "unauthorized",
      redirectTo: "/error/unauthorized?paymentId=sale%201%262",
    });
    expect(bodies).toHaveLength(8);
    expect(waits).toEqual([3_000, 4_000, 4_000, 4_000, 4_000, 4_000, 4_000, 4_000]);
  });

  it("recognises a 401 by HTTP status even with another code", async () => {
    const error = new AppError("INVALID_CREDENTIALS", "nope");
    const { post } = scripted([error]);
    await expect(createAccount({ post, sleep: async () => {} })).resolves.toMatchObject({
      kind: "unauthorized",
    });
  });

  it("shows the spec message for other failures without retrying", async () => {
    const { post, bodies } = scripted([new AppError("INTERNAL", "boom"), { accountId: "never" }]);
    await expect(createAccount({ saleId: "s", post, sleep: async () => {} })).resolves.toEqual({
      kind: "failed",
      message: ACCOUNT_MESSAGES.createFailed,
    });
    expect(ACCOUNT_MESSAGES.createFailed).toBe(
      "Something went wrong in creating account, try again later or contact us",
    );
    expect(bodies).toHaveLength(1);
  });

  it("treats a network failure as a failure, not a 401", async () => {
    const { post } = scripted([new TypeError("fetch failed")]);
    await expect(createAccount({ post, sleep: async () => {} })).resolves.toMatchObject({ kind: "failed" });
  });
});
