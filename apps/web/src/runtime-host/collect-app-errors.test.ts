import type { AppRuntimeError } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import {
  collectAppError,
  collectAppErrors,
  EMPTY_APP_ERRORS,
  MAX_COLLECTED_APP_ERRORS,
  suppressAppError,
} from "./collect-app-errors.ts";

const error = (title: string, componentName = "Tasks", details = "stack"): AppRuntimeError => ({
  title,
  componentName,
  details,
  scope: "render",
});

describe("collectAppError", () => {
  it("deduplicates by title and component, counting repeats", () => {
    let { collection, isNew } = collectAppError(EMPTY_APP_ERRORS, error("Boom"));
    expect(isNew).toBe(true);
    ({ collection, isNew } = collectAppError(collection, error("Boom", "Tasks", "other details")));
    expect(isNew).toBe(false);
    expect(collection.errors).toHaveLength(1);
    expect(collection.errors[0]?.count).toBe(2);
    ({ collection, isNew } = collectAppError(collection, error("Boom", "Board")));
    expect(isNew).toBe(true);
    expect(collection.errors.map((e) => e.componentName)).toEqual(["Tasks", "Board"]);
  });

  it("keeps a suppressed error hidden when it comes back", () => {
    const first = collectAppError(EMPTY_APP_ERRORS, error("Boom")).collection;
    const key = first.errors[0]?.key ?? "";
    const suppressed = suppressAppError(first, key);
    expect(suppressed.errors).toEqual([]);
    const again = collectAppError(suppressed, error("Boom"));
    expect(again.isNew).toBe(false);
    expect(again.collection.errors).toEqual([]);
  });

  it("adds a batch and says how many are new, bounded in size", () => {
    const many = Array.from({ length: MAX_COLLECTED_APP_ERRORS + 10 }, (_, i) => error(`E${i}`));
    const { collection, added } = collectAppErrors(EMPTY_APP_ERRORS, [
      ...many,
      error(`E${MAX_COLLECTED_APP_ERRORS + 9}`),
    ]);
    expect(added).toBe(MAX_COLLECTED_APP_ERRORS + 10);
    expect(collection.errors).toHaveLength(MAX_COLLECTED_APP_ERRORS);
    expect(collection.errors.at(-1)?.title).toBe(`E${MAX_COLLECTED_APP_ERRORS + 9}`);
  });
});
