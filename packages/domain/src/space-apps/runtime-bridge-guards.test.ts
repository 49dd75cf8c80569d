import { describe, expect, it } from "vitest";
import { hostMessageSchema } from "./runtime-bridge.ts";
import { parseHostMessage } from "./runtime-bridge-guards.ts";

const SAMPLES: unknown[] = [
  { source: "liftoff-host", type: "init", token: "t", path: "/", storage: { a: "1" }, preview: false },
  { source: "liftoff-host", type: "init", token: null, path: "/x?y=1", storage: {}, preview: true, extra: 1 },
  { source: "liftoff-host", type: "init", token: 3, path: "/", storage: {}, preview: true },
  { source: "liftoff-host", type: "init", token: null, path: "/", storage: { a: 1 }, preview: true },
  { source: "liftoff-host", type: "init", token: null, path: "/", storage: [], preview: true },
  { source: "liftoff-host", type: "init", token: null, path: "/", storage: {}, preview: "yes" },
  { source: "liftoff-host", type: "init", token: null, storage: {}, preview: true },
  { source: "liftoff-host", type: "navigate", path: "/Tasks" },
  { source: "liftoff-host", type: "navigate", path: null },
  { source: "liftoff-host", type: "token", token: "abc", other: "dropped" },
  { source: "liftoff-host", type: "token", token: null },
  { source: "liftoff-host", type: "token" },
  { source: "liftoff-frame", type: "token", token: null },
  { source: "liftoff-host", type: "modules", pack: null },
  { source: "liftoff-host" },
  null,
  "init",
  42,
  [],
];

describe("parseHostMessage (the frame's zod-free parser)", () => {
  it("agrees with hostMessageSchema on every sample, stripping unknown fields alike", () => {
    for (const sample of SAMPLES) {
      const parsed = hostMessageSchema.safeParse(sample);
      expect(parseHostMessage(sample), JSON.stringify(sample)).toEqual(parsed.success ? parsed.data : null);
    }
  });
});
