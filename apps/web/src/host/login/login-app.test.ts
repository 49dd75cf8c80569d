import type { RuntimeBundle } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { loginAppOf } from "./login-app.ts";

const app = {
  id: "a1",
  slug: "tb",
  name: "Task board",
  description: "",
  icon: null,
  mainPage: null,
  isSignupEnabled: true,
  termsOfServiceLink: "https://example.com/terms",
  privacyPolicyLink: "https://example.com/privacy",
  supportEmail: "help@example.com",
  showWatermark: true,
};

describe("loginAppOf", () => {
  it("takes the app of a bundle", () => {
    const bundle = { app } as RuntimeBundle;
    expect(loginAppOf({ status: "ok", bundle }, null)).toMatchObject({
      id: "a1",
      name: "Task board",
      isSignupEnabled: true,
    });
  });

  it("takes what a 403 tells, leaving sign-up undecided when it is not said", () => {
    expect(loginAppOf({ status: "forbidden", appId: "a1", app: { name: "CRM" } }, null)).toMatchObject({
      id: "a1",
      name: "CRM",
      isSignupEnabled: null,
      showWatermark: false,
    });
    expect(loginAppOf({ status: "forbidden", appId: null, app: null }, "a9")).toMatchObject({
      id: "a9",
      name: "",
    });
  });

  it("has no app when nothing names one", () => {
    expect(loginAppOf({ status: "forbidden", appId: null, app: null }, null)).toBeNull();
    expect(loginAppOf({ status: "notFound" }, "a1")).toBeNull();
    expect(loginAppOf({ status: "error", message: "x" }, "a1")).toBeNull();
  });
});
