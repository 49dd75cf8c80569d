import { effectivePlan } from "./is-plan-at-or-above.ts";
import { PLAN_IDS, type PlanId } from "./plan-ids.ts";

/**
 * Everything a plan allows, in one table (spec sections 3, 5, 6 and 9). Values the spec
 * gives are copied; the ones it leaves "not shown" are our choice and each is listed with
 * its reason in docs/defaults.md. Counters ending in `Total` are per billing month, the
 * way the account shows them as used/total and the spec speaks of "monthly" limits.
 */
export type PlanLimits = {
  /** Apps of every kind an account may own. */
  maxApps: number;
  /** Generated apps (several tools) among them. */
  maxGenApps: number;
  /** Space apps (generated code and data tables) among them. */
  maxSpaceApps: number;
  /** Apps published at the same time (addition: backs the 'publish' upgrade reason). */
  maxPublishedApps: number;
  /** Tools an app may hold, live or draft ("blocks adding more", spec section 5). */
  maxToolsPerApp: number;
  /** Tools an app may have active at once (spec section 6). */
  liveToolsPerApp: number;
  /** Data sources per app; lite holds exactly 1 (spec section 5). */
  maxContextItems: number;
  /** Largest data-source upload: a base on lite, doubled on every other plan (spec section 9). */
  maxFileSizeBytes: number;
  /** Files per upload: 1 on lite, 5 otherwise (spec section 9). */
  maxFileCount: number;
  /** Web scraper recursion depth: 2 on lite, 3 otherwise (spec section 9). */
  scraperDepth: number;
  /** Web scraper pages: 20 lite, 50 explorer, 100 others (spec section 9). */
  scraperMaxPages: number;
  /** End-user app runs per month, across all apps. */
  appRunsTotal: number;
  /** New tool generations per month ("monthly tool-generation cap"). */
  appGenerationsTotal: number;
  /** Data processing per month, in megabytes (1 MB = 1,000,000 bytes). */
  dataProcessingTotal: number;
  /** Bytes of uploaded files all the account's apps may keep at once, in megabytes. */
  storageTotal: number;
  /** Builder chat messages per month. */
  builderChatMessagesTotal: number;
  /** Builder chat messages per day; sending is blocked once reached (spec section 8). */
  dailyChatMessages: number;
  /** The published-app watermark starts hidden (spec section 6). */
  watermarkHiddenByDefault: boolean;
  /** Apps may be embedded on other sites (addition: backs the 'embed_app' upgrade reason). */
  embedApps: boolean;
  /** Pro tools from the template library may be used (addition: 'pro_tools_access'). */
  proTools: boolean;
  /** Own domains: from Business up (the spec names Business and Master; higher plans keep it). */
  customDomains: boolean;
  /** Paid memberships through the payment provider: from Moon up (spec: Moon or Spaceship). */
  paymentSystem: boolean;
  /** Space apps publish without the watermark: from Moon up (spec: Moon or Spaceship). */
  watermarkFreeSpaceApps: boolean;
  /** The App settings panel of generated apps opens for non-admins: Moon and above. */
  appSettingsForGeneratedApps: boolean;
};

/** Lite's upload limit; the spec only says other plans get twice this. 10 MB like images. */
export const BASE_MAX_FILE_SIZE_BYTES = 10_000_000;

/** One value per plan, in PLAN_IDS order (lite first); the tuple length is checked by tsc. */
type Ladder<T> = readonly [T, T, T, T, T, T, T, T, T];

/** True from `min` up, so a capability can never be lost by upgrading. */
function fromPlan(min: PlanId): Ladder<boolean> {
  const start = PLAN_IDS.indexOf(min);
  return PLAN_IDS.map((_, index) => index >= start) as unknown as Ladder<boolean>;
}

/** lite's value, then the same value for all eight paid plans. */
function liteThenRest<T>(lite: T, rest: T): Ladder<T> {
  return [lite, rest, rest, rest, rest, rest, rest, rest, rest];
}

// Read each row left to right: lite, explorer, builder, monetizer, business, master, moon,
// spaceship, galaxy. Rows rather than one object per plan make the growth up the ladder
// visible at a glance, which is what reviewers of a pricing change need to see.
const LADDER: { [K in keyof PlanLimits]: Ladder<PlanLimits[K]> } = {
  maxApps: [3, 5, 15, 25, 50, 100, 200, 500, 1_000],
  maxGenApps: [1, 2, 5, 10, 25, 50, 100, 250, 500],
  maxSpaceApps: [1, 2, 5, 10, 25, 50, 100, 250, 500],
  maxPublishedApps: [1, 3, 10, 20, 40, 80, 150, 400, 1_000],
  maxToolsPerApp: [3, 5, 10, 15, 20, 30, 40, 50, 100],
  liveToolsPerApp: [1, 3, 5, 10, 15, 20, 30, 40, 100],
  maxContextItems: [1, 10, 25, 50, 100, 200, 500, 1_000, 2_000],
  maxFileSizeBytes: liteThenRest(BASE_MAX_FILE_SIZE_BYTES, BASE_MAX_FILE_SIZE_BYTES * 2),
  maxFileCount: liteThenRest(1, 5),
  scraperDepth: liteThenRest(2, 3),
  scraperMaxPages: [20, 50, 100, 100, 100, 100, 100, 100, 100],
  appRunsTotal: [100, 1_000, 5_000, 15_000, 30_000, 75_000, 150_000, 300_000, 1_000_000],
  appGenerationsTotal: [5, 30, 100, 200, 400, 800, 1_500, 3_000, 10_000],
  dataProcessingTotal: [10, 100, 500, 1_000, 2_500, 5_000, 10_000, 25_000, 100_000],
  storageTotal: [100, 1_000, 5_000, 10_000, 25_000, 50_000, 100_000, 250_000, 1_000_000],
  builderChatMessagesTotal: [50, 300, 1_000, 2_000, 4_000, 8_000, 12_000, 20_000, 50_000],
  dailyChatMessages: [20, 50, 100, 150, 200, 300, 400, 500, 1_000],
  watermarkHiddenByDefault: fromPlan("builder"),
  embedApps: fromPlan("explorer"),
  proTools: fromPlan("builder"),
  // The spec grants these to bands (Business and Master; Moon or Spaceship). Read as bands,
  // an upgrade to Moon or Galaxy would take a feature away, so each band is a floor here.
  customDomains: fromPlan("business"),
  paymentSystem: fromPlan("moon"),
  watermarkFreeSpaceApps: fromPlan("moon"),
  appSettingsForGeneratedApps: fromPlan("moon"),
};

function limitsAt(index: number): PlanLimits {
  const entries = Object.entries(LADDER).map(([key, values]) => [key, values[index]]);
  return Object.freeze(Object.fromEntries(entries)) as PlanLimits;
}

/** The limits of every plan. Frozen: a stray assignment must not change a plan at runtime. */
export const PLAN_LIMITS: Readonly<Record<PlanId, Readonly<PlanLimits>>> = Object.freeze(
  Object.fromEntries(PLAN_IDS.map((id, index) => [id, limitsAt(index)])) as Record<PlanId, PlanLimits>,
);

/** The limits that apply to an account; no plan means lite. */
export function planLimits(plan: PlanId | null | undefined): Readonly<PlanLimits> {
  return PLAN_LIMITS[effectivePlan(plan)];
}
