import { describe, expect, it } from "vitest";
import { bundleQueryOf, hostUrlOf, loginUrlOf, parseHostRoute } from "./host-route.ts";

const at = (url: string, host = "liftoff.test", metaAppId: string | null = null) => {
  const parsed = new URL(url, `http://${host}`);
  return parseHostRoute(
    { host, pathname: parsed.pathname, search: parsed.search, hash: parsed.hash },
    metaAppId,
  );
};

describe("parseHostRoute", () => {
  it("reads a published app and the path after its slug", () => {
    expect(at("/app/task-board")).toEqual({
      page: "app",
      lookup: { slug: "task-board" },
      customHost: false,
      base: "/app/task-board",
      appPath: "/",
    });
    expect(at("/app/task-board/")).toMatchObject({ appPath: "/" });
    expect(at("/app/task-board/Tasks?id=3#top")).toMatchObject({ appPath: "/Tasks?id=3#top" });
    expect(at("/app/task-board?x=1")).toMatchObject({ appPath: "/?x=1" });
  });

  it("reads the login page of an app with its mode", () => {
    expect(at("/apps/a1/login?nextUrl=%2Fapp%2Ftb%2FTasks")).toEqual({
      page: "login",
      lookup: { appId: "a1" },
      customHost: false,
      nextUrl: "/app/tb/Tasks",
      mode: { kind: "signin" },
    });
    expect(at("/apps/a1/login?mode=verifyEmail&oobCode=c1")).toMatchObject({
      mode: { kind: "verifyEmail", oobCode: "c1" },
    });
    expect(at("/apps/a1/login?mode=resetPassword&oobCode=c2")).toMatchObject({
      mode: { kind: "resetPassword", oobCode: "c2" },
    });
    expect(at("/apps/a1/login?mode=resetPassword")).toMatchObject({ mode: { kind: "signin" } });
    expect(at("/apps/a1/login?mode=other&oobCode=c")).toMatchObject({ mode: { kind: "signin" } });
  });

  it("treats any other path as a custom host, with /login as its login page", () => {
    expect(at("/", "crm.example.com")).toEqual({
      page: "app",
      lookup: { host: "crm.example.com" },
      customHost: true,
      base: "",
      appPath: "/",
    });
    expect(at("/Deals?stage=won", "crm.example.com")).toMatchObject({ appPath: "/Deals?stage=won" });
    expect(at("/login?nextUrl=%2FDeals", "crm.example.com")).toEqual({
      page: "login",
      lookup: { host: "crm.example.com" },
      customHost: true,
      nextUrl: "/Deals",
      mode: { kind: "signin" },
    });
  });

  it("on a custom host named by the page's meta tag, looks the app up by id, whatever the path", () => {
    expect(at("/app/x/Deals?a=1", "crm.example.com", "a7")).toEqual({
      page: "app",
      lookup: { appId: "a7" },
      customHost: true,
      base: "",
      appPath: "/app/x/Deals?a=1",
    });
    expect(at("/login?mode=resetPassword&oobCode=c", "crm.example.com", "a7")).toEqual({
      page: "login",
      lookup: { appId: "a7" },
      customHost: true,
      nextUrl: null,
      mode: { kind: "resetPassword", oobCode: "c" },
    });
  });

  it("refuses platform paths it does not serve and malformed escapes", () => {
    expect(at("/app")).toBeNull();
    expect(at("/app/")).toBeNull();
    expect(at("/apps/a1")).toBeNull();
    expect(at("/app/%E0%A4%A/x")).toBeNull();
  });
});

describe("URLs", () => {
  it("builds the host URL of an app path", () => {
    expect(hostUrlOf("/app/tb", "/")).toBe("/app/tb");
    expect(hostUrlOf("/app/tb", "/Tasks?id=1")).toBe("/app/tb/Tasks?id=1");
    expect(hostUrlOf("/app/tb", "/?q=1")).toBe("/app/tb?q=1");
    expect(hostUrlOf("", "/")).toBe("/");
    expect(hostUrlOf("", "Deals")).toBe("/Deals");
  });

  it("builds login URLs on the platform and on a custom host", () => {
    expect(loginUrlOf("a 1", false, "/app/tb/Tasks")).toBe("/apps/a%201/login?nextUrl=%2Fapp%2Ftb%2FTasks");
    expect(loginUrlOf("a1", true, "/Deals")).toBe("/login?nextUrl=%2FDeals");
  });

  it("asks the bundle by slug, id or host", () => {
    expect(bundleQueryOf({ slug: "tb" })).toBe("slug=tb");
    expect(bundleQueryOf({ appId: "a1" })).toBe("appId=a1");
    expect(bundleQueryOf({ host: "crm.example.com:8080" })).toBe("host=crm.example.com%3A8080");
  });
});
