import { describe, expect, it } from "vitest";
import { APP_ICON_NAMES, APP_ICONS, appIconComponent } from "./app-icons.ts";

describe("app icons", () => {
  it("resolves names to lucide icons and falls back to the rocket", () => {
    expect(appIconComponent("leaf")).toBe(APP_ICONS.leaf);
    expect(appIconComponent(null)).toBe(APP_ICONS.rocket);
    expect(appIconComponent("")).toBe(APP_ICONS.rocket);
    expect(appIconComponent("🚀")).toBeNull();
  });
  it("offers kebab-case names that fit the details icon field", () => {
    for (const name of APP_ICON_NAMES) expect(name).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(APP_ICON_NAMES.length).toBeGreaterThanOrEqual(16);
  });
});
