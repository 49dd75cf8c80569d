import type { AppSummary } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { filterApps } from "./filter-apps.ts";

const app = (id: string, name: string, kind: AppSummary["kind"]): AppSummary => ({
  id,
  name,
  kind,
  slug: id,
  status: "draft",
  createdAt: "2025-01-01T00:00:00Z",
  updatedAt: "2025-01-01T00:00:00Z",
});

const apps = [
  app("1", "Recipe Helper", "generated"),
  app("2", "CRM", "space"),
  app("3", "Recipe tool", "tool"),
];

describe("filterApps", () => {
  it("returns everything for an empty query and all kinds", () => {
    expect(filterApps(apps, "  ", "all")).toHaveLength(3);
  });

  it("matches names case-insensitively", () => {
    expect(filterApps(apps, "recipe", "all").map((a) => a.id)).toEqual(["1", "3"]);
  });

  it("combines the query with the kind filter", () => {
    expect(filterApps(apps, "RECIPE", "tool").map((a) => a.id)).toEqual(["3"]);
    expect(filterApps(apps, "", "space").map((a) => a.id)).toEqual(["2"]);
  });
});
