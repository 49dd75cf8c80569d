import { describe, expect, it } from "vitest";
import { z } from "zod";
import { isValidEmail } from "./email.ts";

describe("isValidEmail", () => {
  it("accepts and refuses exactly what z.email() does (after trimming)", () => {
    const samples = [
      "a@b.co",
      " Mixed.Case+tag@Example.ORG ",
      "first.last@sub.domain.example",
      "o'brien@example.ie",
      "a@b",
      "a@b.c",
      "@example.com",
      "a..b@example.com",
      ".a@example.com",
      "a.@example.com",
      "a@-example.com",
      "a b@example.com",
      "a@example..com",
      "",
      "plainaddress",
      "ünï@example.com",
    ];
    for (const sample of samples) {
      expect(isValidEmail(sample), sample).toBe(z.email().safeParse(sample.trim()).success);
    }
    expect(isValidEmail(" Mixed.Case+tag@Example.ORG ")).toBe(true);
    expect(isValidEmail("a@b")).toBe(false);
  });
});
