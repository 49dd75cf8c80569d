import { describe, expect, it } from "vitest";
import { type ChangeSignal, createChangeBus } from "./change-bus.ts";

const serverUrl = process.env.TEST_DATABASE_URL;

describe("change bus", () => {
  it("delivers in process to subscribers of the same app and entity only", async () => {
    const bus = await createChangeBus({});
    const seen: ChangeSignal[] = [];
    const off = bus.subscribe("app1", "Task", (s) => seen.push(s));
    await bus.publish({ appId: "app1", entity: "Task", seq: "1" });
    await bus.publish({ appId: "app1", entity: "Note", seq: "2" });
    await bus.publish({ appId: "app2", entity: "Task", seq: "3" });
    off();
    await bus.publish({ appId: "app1", entity: "Task", seq: "4" });
    expect(seen.map((s) => s.seq)).toEqual(["1"]);
    await bus.close();
  });

  it("keeps delivering when a listener throws or rejects, and never leaves a rejection unhandled", async () => {
    const bus = await createChangeBus({});
    const seen: string[] = [];
    bus.subscribe("app1", "Task", () => {
      throw new Error("a listener bug");
    });
    bus.subscribe("app1", "Task", async () => {
      throw new Error("an async listener bug");
    });
    bus.subscribe("app1", "Task", (s) => seen.push(s.seq));
    await bus.publish({ appId: "app1", entity: "Task", seq: "1" });
    await bus.publish({ appId: "app1", entity: "Task", seq: "2" });
    // Vitest fails the file on an unhandled rejection: give the rejected listener a turn.
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual(["1", "2"]);
    await bus.close();
  });

  it.runIf(serverUrl)("fans out across instances through LISTEN/NOTIFY", async () => {
    const a = await createChangeBus({ databaseUrl: serverUrl });
    const b = await createChangeBus({ databaseUrl: serverUrl });
    const received = new Promise<ChangeSignal>((resolve) => b.subscribe("appX", "Task", resolve));
    await a.publish({ appId: "appX", entity: "Task", seq: "42" });
    await expect(received).resolves.toEqual({ appId: "appX", entity: "Task", seq: "42" });
    await a.close();
    await b.close();
  });
});
