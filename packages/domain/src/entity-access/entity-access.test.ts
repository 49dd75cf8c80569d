import { describe, expect, it } from "vitest";
import { type AccessRule, canCreate, canReadRow, canWriteRow, readScope } from "./entity-access.ts";
import type { EntityCaller } from "./entity-caller.ts";

const RULES: AccessRule[] = ["all", "admin", "creator", "none"];
const CREATOR = "user-creator";
const callers: Record<string, EntityCaller> = {
  anonymous: { kind: "anonymous" },
  other: { kind: "user", userId: "user-other", isAppAdmin: false },
  creator: { kind: "user", userId: CREATOR, isAppAdmin: false },
  admin: { kind: "user", userId: "user-admin", isAppAdmin: true },
  builder: { kind: "builder", userId: "user-owner" },
};

/**
 * The whole matrix written out by hand: rule x caller -> [read a creator's row, create,
 * update/delete the creator's row]. A change to the semantics must change this table.
 */
const EXPECTED: Record<AccessRule, Record<string, [boolean, boolean, boolean]>> = {
  all: {
    anonymous: [true, true, true],
    other: [true, true, true],
    creator: [true, true, true],
    admin: [true, true, true],
    builder: [true, true, true],
  },
  admin: {
    anonymous: [false, false, false],
    other: [false, false, false],
    creator: [false, false, false],
    admin: [true, true, true],
    builder: [true, true, true],
  },
  creator: {
    anonymous: [false, false, false],
    other: [false, true, false],
    creator: [true, true, true],
    admin: [true, true, true],
    builder: [true, true, true],
  },
  none: {
    anonymous: [false, false, false],
    other: [false, false, false],
    creator: [false, false, false],
    admin: [false, false, false],
    builder: [true, true, true],
  },
};

describe("entity access matrix", () => {
  for (const rule of RULES) {
    for (const [name, caller] of Object.entries(callers)) {
      it(`${rule} / ${name}`, () => {
        const [read, create, write] = EXPECTED[rule][name]!;
        expect(canReadRow(rule, caller, CREATOR)).toBe(read);
        expect(canCreate(rule, caller)).toBe(create);
        expect(canWriteRow(rule, caller, CREATOR)).toBe(write);
      });
    }
  }

  it("never lets a creator rule match rows without a creator", () => {
    expect(canReadRow("creator", callers.creator!, null)).toBe(false);
    expect(canWriteRow("creator", callers.creator!, null)).toBe(false);
  });

  it("gives list scopes that agree with the row check", () => {
    expect(readScope("creator", callers.creator!)).toEqual({ kind: "creator", userId: CREATOR });
    expect(readScope("creator", callers.anonymous!)).toEqual({ kind: "nothing" });
    expect(readScope("none", callers.admin!)).toEqual({ kind: "nothing" });
    expect(readScope("none", callers.builder!)).toEqual({ kind: "all" });
    for (const rule of RULES) {
      for (const caller of Object.values(callers)) {
        const scope = readScope(rule, caller);
        const viaScope = scope.kind === "all" || (scope.kind === "creator" && scope.userId === CREATOR);
        expect(viaScope).toBe(canReadRow(rule, caller, CREATOR));
      }
    }
  });
});
