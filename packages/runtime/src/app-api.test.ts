import { USER_METHOD_NAMES } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { User } from "./app-api.ts";

describe("User in app code", () => {
  it("has exactly USER_METHOD_NAMES, which the validators allow", () => {
    expect(Object.keys(User).sort()).toEqual([...USER_METHOD_NAMES].sort());
  });
});
