import { describe, expect, it } from "vitest";
import { readFixture } from "./fixtures/read-fixture.ts";
import { runParserThread } from "./run-parser-thread.ts";

describe("runParserThread", () => {
  it("stops a parse that runs over its time and answers unreadable", async () => {
    const outcome = await runParserThread({ kind: "pdf", bytes: readFixture("sample.pdf"), timeoutMs: 1 });
    expect(outcome).toMatchObject({ ok: false, reason: "unreadable", message: "The parser ran over 1 ms" });
  });

  it("reports a parser's failure without throwing", async () => {
    const outcome = await runParserThread({ kind: "doc", bytes: new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]) });
    expect(outcome).toMatchObject({ ok: false, reason: "unreadable" });
  });
});
