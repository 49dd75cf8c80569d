import { describe, expect, it } from "vitest";
import { isPlanAtOrAbove } from "./is-plan-at-or-above.ts";
import { PLAN_IDS, type PlanId } from "./plan-ids.ts";
import { BASE_MAX_FILE_SIZE_BYTES, PLAN_LIMITS, type PlanLimits, planLimits } from "./plan-limits.ts";

type NumberKey = { [K in keyof PlanLimits]: PlanLimits[K] extends number ? K : never }[keyof PlanLimits];
type BooleanKey = { [K in keyof PlanLimits]: PlanLimits[K] extends boolean ? K : never }[keyof PlanLimits];

const NUMBER_KEYS: NumberKey[] = [
  "maxApps",
  "maxGenApps",
  "maxSpaceApps",
  "maxPublishedApps",
  "maxToolsPerApp",
  "liveToolsPerApp",
  "maxContextItems",
  "maxFileSizeBytes",
  "maxFileCount",
  "scraperDepth",
  "scraperMaxPages",
  "appRunsTotal",
  "appGenerationsTotal",
  "dataProcessingTotal",
  "storageTotal",
  "builderChatMessagesTotal",
  "dailyChatMessages",
];
const BOOLEAN_KEYS: BooleanKey[] = [
  "watermarkHiddenByDefault",
  "embedApps",
  "proTools",
  "customDomains",
  "paymentSystem",
  "watermarkFreeSpaceApps",
  "appSettingsForGeneratedApps",
];

// Values the spec fixes flat across the paid plans; everything else must strictly grow so
// that every upgrade buys more of every counter.
const FLAT_ON_PAID_PLANS: NumberKey[] = [
  "maxFileSizeBytes",
  "maxFileCount",
  "scraperDepth",
  "scraperMaxPages",
];

const column = <K extends keyof PlanLimits>(key: K): PlanLimits[K][] =>
  PLAN_IDS.map((id) => PLAN_LIMITS[id][key]);
const plansWhere = (key: BooleanKey): PlanId[] => PLAN_IDS.filter((id) => PLAN_LIMITS[id][key]);

describe("PLAN_LIMITS shape", () => {
  it("has exactly one entry per plan, in ladder order", () => {
    expect(Object.keys(PLAN_LIMITS)).toEqual([...PLAN_IDS]);
  });

  it("lists every field in these tests, so a new field cannot skip the monotonicity check", () => {
    for (const id of PLAN_IDS) {
      expect(Object.keys(PLAN_LIMITS[id]).sort()).toEqual([...NUMBER_KEYS, ...BOOLEAN_KEYS].sort());
    }
  });

  it.each(NUMBER_KEYS)("%s is a positive safe integer on every plan", (key) => {
    for (const value of column(key)) {
      expect(Number.isSafeInteger(value)).toBe(true);
      expect(value).toBeGreaterThan(0);
    }
  });

  it.each(BOOLEAN_KEYS)("%s is a boolean on every plan", (key) => {
    for (const value of column(key)) expect(typeof value).toBe("boolean");
  });

  it("is frozen, table and rows", () => {
    expect(Object.isFrozen(PLAN_LIMITS)).toBe(true);
    for (const id of PLAN_IDS) expect(Object.isFrozen(PLAN_LIMITS[id])).toBe(true);
  });

  it("fits a 32-bit signed integer column (dataProcessingTotal is in MB for this reason)", () => {
    for (const key of NUMBER_KEYS) for (const value of column(key)) expect(value).toBeLessThan(2 ** 31);
  });
});

describe("PLAN_LIMITS growth up the ladder", () => {
  it.each(NUMBER_KEYS)("%s never shrinks on an upgrade", (key) => {
    const values = column(key);
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeGreaterThanOrEqual(values[i - 1]!);
  });

  it.each(NUMBER_KEYS.filter((key) => !FLAT_ON_PAID_PLANS.includes(key)))("%s strictly grows", (key) => {
    const values = column(key);
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeGreaterThan(values[i - 1]!);
  });

  it.each(["watermarkHiddenByDefault", "embedApps", "proTools", "appSettingsForGeneratedApps"] as const)(
    "%s is never lost on an upgrade",
    (key) => {
      const values = column(key);
      for (let i = 1; i < values.length; i++) if (values[i - 1]) expect(values[i]).toBe(true);
    },
  );
});

describe("PLAN_LIMITS consistency", () => {
  it.each(PLAN_IDS)("%s: app kinds fit in maxApps and live tools fit in maxToolsPerApp", (id) => {
    const limits = PLAN_LIMITS[id];
    expect(limits.maxGenApps).toBeLessThanOrEqual(limits.maxApps);
    expect(limits.maxSpaceApps).toBeLessThanOrEqual(limits.maxApps);
    expect(limits.maxPublishedApps).toBeLessThanOrEqual(limits.maxApps);
    expect(limits.liveToolsPerApp).toBeLessThanOrEqual(limits.maxToolsPerApp);
    expect(limits.dailyChatMessages).toBeLessThanOrEqual(limits.builderChatMessagesTotal);
  });
});

describe("PLAN_LIMITS values fixed by the spec", () => {
  it("lite holds exactly one context item", () => {
    expect(PLAN_LIMITS.lite.maxContextItems).toBe(1);
  });

  it("file size is a base on lite and double that on every other plan", () => {
    expect(PLAN_LIMITS.lite.maxFileSizeBytes).toBe(BASE_MAX_FILE_SIZE_BYTES);
    for (const id of PLAN_IDS.slice(1))
      expect(PLAN_LIMITS[id].maxFileSizeBytes).toBe(BASE_MAX_FILE_SIZE_BYTES * 2);
  });

  it("file count is 1 on lite and 5 otherwise", () => {
    expect(column("maxFileCount")).toEqual([1, 5, 5, 5, 5, 5, 5, 5, 5]);
  });

  it("scraper depth is 2 on lite and 3 otherwise", () => {
    expect(column("scraperDepth")).toEqual([2, 3, 3, 3, 3, 3, 3, 3, 3]);
  });

  it("scraper pages are 20 lite, 50 explorer, 100 others", () => {
    expect(column("scraperMaxPages")).toEqual([20, 50, 100, 100, 100, 100, 100, 100, 100]);
  });

  it("hides the watermark by default from builder up", () => {
    expect(plansWhere("watermarkHiddenByDefault")).toEqual([
      "builder",
      "monetizer",
      "business",
      "master",
      "moon",
      "spaceship",
      "galaxy",
    ]);
  });

  it("gives custom domains from business up (the spec's business and master, kept above)", () => {
    expect(plansWhere("customDomains")).toEqual(["business", "master", "moon", "spaceship", "galaxy"]);
  });

  it("gives the payment system from moon up (the spec's moon and spaceship, kept above)", () => {
    expect(plansWhere("paymentSystem")).toEqual(["moon", "spaceship", "galaxy"]);
  });

  it("gives watermark-free space apps from moon up (the spec's moon and spaceship, kept above)", () => {
    expect(plansWhere("watermarkFreeSpaceApps")).toEqual(["moon", "spaceship", "galaxy"]);
  });

  it("opens generated-app settings from moon up", () => {
    expect(plansWhere("appSettingsForGeneratedApps")).toEqual(
      PLAN_IDS.filter((id) => isPlanAtOrAbove(id, "moon")),
    );
    expect(plansWhere("appSettingsForGeneratedApps")).toEqual(["moon", "spaceship", "galaxy"]);
  });
});

describe("planLimits", () => {
  it("returns the row of the given plan", () => {
    for (const id of PLAN_IDS) expect(planLimits(id)).toBe(PLAN_LIMITS[id]);
  });

  it("uses lite when there is no plan", () => {
    expect(planLimits(null)).toBe(PLAN_LIMITS.lite);
    expect(planLimits(undefined)).toBe(PLAN_LIMITS.lite);
  });
});
