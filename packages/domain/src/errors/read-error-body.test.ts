import { describe, expect, it } from "vitest";
import { readErrorBody } from "./read-error-body.ts";

describe("readErrorBody", () => {
  it("takes code, message and details from the platform's error body", () => {
    expect(
      readErrorBody(409, { error: { code: "EMAIL_IN_USE", message: "taken", details: { a: 1 } } }),
    ).toEqual({
      code: "EMAIL_IN_USE",
      message: "taken",
      details: { a: 1 },
    });
  });

  it("falls back by status when the body is missing or malformed", () => {
    expect(readErrorBody(404, undefined)).toEqual({
      code: "NOT_FOUND",
      message: "Request failed (404)",
      details: undefined,
    });
    expect(readErrorBody(502, "<html>")).toEqual({
      code: "INTERNAL",
      message: "Something went wrong, try again later",
      details: undefined,
    });
    expect(readErrorBody(418, { error: { code: 7, details: [1] } })).toEqual({
      code: "BAD_REQUEST",
      message: "Request failed (418)",
      details: undefined,
    });
  });
});
