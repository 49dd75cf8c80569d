import type { AppUserSummary } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { filterAppUsers } from "./filter-app-users.ts";

const user = (email: string, name = ""): AppUserSummary => ({
  id: email,
  email,
  name,
  emailVerified: true,
  createdAt: "2026-01-01T00:00:00.000Z",
  lastSeenAt: null,
  disabled: false,
});

describe("filterAppUsers", () => {
  const users = [user("ada@example.org", "Ada Lovelace"), user("bob@example.org", "Bob")];
  it("matches e-mail or name, case-insensitively, trimmed", () => {
    expect(filterAppUsers(users, "  ADA ").map((u) => u.email)).toEqual(["ada@example.org"]);
    expect(filterAppUsers(users, "bob").map((u) => u.email)).toEqual(["bob@example.org"]);
    expect(filterAppUsers(users, "lovelace").map((u) => u.email)).toEqual(["ada@example.org"]);
  });
  it("keeps everyone for an empty query and no one for a miss", () => {
    expect(filterAppUsers(users, " ")).toHaveLength(2);
    expect(filterAppUsers(users, "carol")).toEqual([]);
  });
});
