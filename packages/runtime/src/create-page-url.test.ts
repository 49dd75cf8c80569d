import { describe, expect, it } from "vitest";
import { createPageUrl } from "./create-page-url.ts";

describe("createPageUrl", () => {
  it("links to a page by name", () => {
    expect(createPageUrl("Tasks")).toBe("/Tasks");
    expect(createPageUrl("/Tasks")).toBe("/Tasks");
  });

  it("keeps a query or hash passed along", () => {
    expect(createPageUrl("Task?id=1")).toBe("/Task?id=1");
    expect(createPageUrl("Task?id=1&tab=notes#top")).toBe("/Task?id=1&tab=notes#top");
    expect(createPageUrl("Home#pricing")).toBe("/Home#pricing");
  });

  it("turns spaces in the name into dashes, not in the query", () => {
    expect(createPageUrl("Task Details?q=a b")).toBe("/Task-Details?q=a b");
  });

  it("gives the root for an empty name", () => {
    expect(createPageUrl("")).toBe("/");
  });
});
