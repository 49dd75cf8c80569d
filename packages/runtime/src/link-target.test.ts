import { describe, expect, it } from "vitest";
import { linkTarget } from "./link-target.ts";

describe("linkTarget", () => {
  it("routes in-app paths, absolute and relative", () => {
    expect(linkTarget("/Tasks", "/Home")).toEqual({ kind: "app", path: "/Tasks" });
    expect(linkTarget("/Task?id=1#n", "/Home")).toEqual({ kind: "app", path: "/Task?id=1#n" });
    expect(linkTarget("Tasks", "/Home")).toEqual({ kind: "app", path: "/Tasks" });
    expect(linkTarget("../Tasks", "/Projects/7")).toEqual({ kind: "app", path: "/Tasks" });
    expect(linkTarget("?page=2", "/Tasks?page=1")).toEqual({ kind: "app", path: "/Tasks?page=2" });
  });

  it("hands links with a scheme or host to the host", () => {
    expect(linkTarget("https://example.com/a", "/")).toEqual({
      kind: "external",
      url: "https://example.com/a",
    });
    expect(linkTarget("//cdn.example.com/x", "/")).toEqual({
      kind: "external",
      url: "https://cdn.example.com/x",
    });
    expect(linkTarget("mailto:a@b.c", "/")).toEqual({ kind: "external", url: "mailto:a@b.c" });
  });

  it("leaves hash links, downloads, missing hrefs and script URLs alone", () => {
    expect(linkTarget("#top", "/")).toEqual({ kind: "ignore" });
    expect(linkTarget("/file.csv", "/", { download: true })).toEqual({ kind: "ignore" });
    expect(linkTarget(null, "/")).toEqual({ kind: "ignore" });
    expect(linkTarget("javascript:void(0)", "/")).toEqual({ kind: "ignore" });
    expect(linkTarget("data:text/plain,hi", "/")).toEqual({ kind: "ignore" });
  });
});
