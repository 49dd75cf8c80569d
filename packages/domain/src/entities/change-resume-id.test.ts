import { describe, expect, it } from "vitest";
import { CHANGE_SEQ_MAX, changeResumeIdSchema } from "./change-resume-id.ts";

describe("changeResumeIdSchema", () => {
  it("accepts sequence numbers up to int8's maximum, and empty as no resume", () => {
    for (const ok of ["", "0", "1", "42", String(CHANGE_SEQ_MAX)]) {
      expect(changeResumeIdSchema.safeParse(ok).success, ok).toBe(true);
    }
  });

  it("refuses anything else with one clear message", () => {
    for (const bad of [
      "9223372036854775808",
      "9".repeat(40),
      "-1",
      "+1",
      " 1",
      "1 ",
      "1.5",
      "1e3",
      "0x10",
      "abc",
      "١٢",
      "1\u0000",
    ]) {
      const result = changeResumeIdSchema.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/^must be a change sequence number/);
    }
  });
});
