import { describe, expect, it } from "vitest";
import { okSchema } from "../contracts/account.ts";
import { appUserAuthResponseSchema } from "./app-users.ts";
import { hostBootSchema } from "./host-boot-schema.ts";
import {
  parseAppUserAuthResponse,
  parseFrameMessage,
  parseHostBoot,
  parseOk,
  parsePublicAppInfo,
  parseRuntimeBundle,
} from "./host-guards.ts";
import { frameMessageSchema } from "./runtime-bridge.ts";
import { runtimeBundleSchema } from "./runtime-bundle.ts";

const f = "liftoff-frame";
const error = { title: "Boom", details: "at x", componentName: "Home", scope: "render" };
const FRAME_SAMPLES: unknown[] = [
  { source: f, type: "ready" },
  { source: f, type: "ready", extra: "dropped" },
  { source: f, type: "rendered", page: "Home" },
  { source: f, type: "rendered", page: 3 },
  { source: f, type: "error", error },
  { source: f, type: "error", error: { ...error, scope: "elsewhere" } },
  { source: f, type: "error", error: { ...error, title: "x".repeat(501) } },
  { source: f, type: "error", error: { ...error, details: "x".repeat(10_001) } },
  { source: f, type: "error", error: { ...error, componentName: null } },
  { source: f, type: "error", error: { ...error, extra: 1 } },
  { source: f, type: "navigate", path: "/Tasks?id=1" },
  { source: f, type: "navigate", path: "x".repeat(2001) },
  { source: f, type: "login", nextPath: "/Home" },
  { source: f, type: "login" },
  { source: f, type: "logout" },
  { source: f, type: "logout", redirectPath: "/" },
  { source: f, type: "logout", redirectPath: null },
  { source: f, type: "storage", key: "k", value: "v" },
  { source: f, type: "storage", key: "k", value: null },
  { source: f, type: "storage", key: "x".repeat(201), value: null },
  { source: f, type: "storage", key: "k", value: "x".repeat(100_001) },
  { source: f, type: "storage", key: "k" },
  { source: f, type: "open", url: "https://example.com" },
  { source: f, type: "open", url: "x".repeat(4001) },
  { source: f, type: "modules" },
  { source: "liftoff-host", type: "ready" },
  { type: "ready" },
  null,
  "ready",
  [],
  42,
];

const boot = {
  appId: "a1",
  slug: "shop",
  versionId: "v1",
  channel: "published",
  name: "Shop",
  icon: null,
  showWatermark: true,
};
const relay = {
  pack: "/runtime/vendor-pack/abc/def.json",
  js: "/runtime/assets/a.js",
  css: "/runtime/assets/a.css",
};
const BOOT_SAMPLES: unknown[] = [
  boot,
  { ...boot, extra: 1 },
  { ...boot, icon: "data:image/png;base64,AAA" },
  { ...boot, relay },
  { ...boot, relay: { ...relay, extra: 1 } },
  { ...boot, relay: { ...relay, pack: "/runtime/../api/me" } },
  { ...boot, relay: { ...relay, js: "https://evil.example/a.js" } },
  { ...boot, relay: { ...relay, css: "/api/x" } },
  { ...boot, relay: { pack: "/runtime/assets/abc.json", css: "/runtime/assets/a.css" } },
  { ...boot, relay: { pack: "/runtime/assets/abc.json", js: 5, css: "/runtime/assets/a.css" } },
  { ...boot, relay: null },
  { ...boot, appId: "" },
  { ...boot, slug: "x".repeat(101) },
  { ...boot, channel: "draft" },
  { ...boot, showWatermark: "yes" },
  { ...boot, name: 3 },
  null,
  [],
];

const app = {
  id: "a1",
  slug: "shop",
  name: "Shop",
  description: "",
  icon: null,
  mainPage: "Home",
  isSignupEnabled: true,
  termsOfServiceLink: "",
  privacyPolicyLink: "",
  supportEmail: "",
  showWatermark: false,
};
const bundle = {
  app,
  versionId: "v1",
  channel: "published",
  assets: { js: "/runtime/assets/a.js", css: null },
  pages: ["Home"],
  entities: {
    Task: { schema: { name: "Task", type: "object", properties: { title: { type: "string" } } } },
  },
  user_entity: null,
  installed_packages: [],
  diagnostics: [],
};
const BUNDLE_SAMPLES: unknown[] = [
  bundle,
  { ...bundle, frameGrant: "g", channel: "draft" },
  { ...bundle, diagnostics: [{ file: "pages/Home.jsx", line: 1, column: 2, message: "x" }] },
  { ...bundle, diagnostics: [{ file: "pages/Home.jsx", line: "1", column: 2, message: "x" }] },
  { ...bundle, app: { ...app, showWatermark: undefined } },
  { ...bundle, app: { ...app, icon: 3 } },
  { ...bundle, channel: "other" },
  { ...bundle, assets: { js: null } },
  { ...bundle, pages: [1] },
  { ...bundle, pages: [1] },
  { ...bundle, entities: { Task: {} } },
  { ...bundle, installed_packages: null },
  { ...bundle, versionId: undefined },
  null,
];

describe("the host page's zod-free guards agree with the zod contracts", () => {
  it("parseFrameMessage = frameMessageSchema on every sample, unknown fields stripped alike", () => {
    for (const sample of FRAME_SAMPLES) {
      const parsed = frameMessageSchema.safeParse(sample);
      expect(parseFrameMessage(sample), JSON.stringify(sample)?.slice(0, 120)).toEqual(
        parsed.success ? parsed.data : null,
      );
    }
  });

  it("parseHostBoot = hostBootSchema", () => {
    for (const sample of BOOT_SAMPLES) {
      const parsed = hostBootSchema.safeParse(sample);
      expect(parseHostBoot(sample), JSON.stringify(sample)).toEqual(parsed.success ? parsed.data : null);
    }
  });

  it("parseRuntimeBundle accepts what runtimeBundleSchema accepts and refuses what it refuses", () => {
    for (const sample of BUNDLE_SAMPLES) {
      const parsed = runtimeBundleSchema.safeParse(sample);
      const guarded = parseRuntimeBundle(sample);
      expect(guarded !== null, JSON.stringify(sample)).toBe(parsed.success);
      if (parsed.success) expect(guarded).toEqual(parsed.data);
    }
  });

  it("parsePublicAppInfo = the bundle's app, every field optional", () => {
    const partial = runtimeBundleSchema.shape.app.partial();
    for (const sample of [app, { slug: "shop" }, {}, { name: 3 }, { id: "a", extra: 1 }, null, "x"]) {
      const parsed = partial.safeParse(sample);
      expect(parsePublicAppInfo(sample), JSON.stringify(sample)).toEqual(parsed.success ? parsed.data : null);
    }
  });

  it("parseAppUserAuthResponse and parseOk = their schemas", () => {
    const user = {
      id: "u",
      email: "a@b.c",
      full_name: "A",
      name: "A",
      emailVerified: true,
      role: "user",
      createdAt: "2026-01-01T00:00:00.000Z",
      plan: "gold",
    };
    for (const sample of [
      { token: "t", user },
      { token: "t", user: { ...user, emailVerified: "no" } },
      { token: 1, user },
      { token: "t" },
      { token: "t", user: { ...user, role: undefined } },
      null,
    ]) {
      const parsed = appUserAuthResponseSchema.safeParse(sample);
      expect(parseAppUserAuthResponse(sample), JSON.stringify(sample)).toEqual(
        parsed.success ? parsed.data : null,
      );
    }
    for (const sample of [{ ok: true }, { ok: false }, { ok: true, x: 1 }, {}, null]) {
      const parsed = okSchema.safeParse(sample);
      expect(parseOk(sample)).toEqual(parsed.success ? parsed.data : null);
    }
  });
});
