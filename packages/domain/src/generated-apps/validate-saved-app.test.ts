import { describe, expect, it } from "vitest";
import { PLAN_LIMITS } from "../plans/plan-limits.ts";
import { type CustomField, emptyCustomField } from "./custom-field.ts";
import type { SavedApp } from "./saved-app.ts";
import { emptyTool, type Tool } from "./tool.ts";
import { emptySavedApp } from "./upgrade-saved-app.ts";
import { type SavedAppValidationContext, validateSavedApp } from "./validate-saved-app.ts";

const field = (name: string, patch: Partial<CustomField> = {}): CustomField => ({
  ...emptyCustomField({ name, label: name, type: "text" }),
  ...patch,
});

const tool = (id: string, patch: Partial<Tool> = {}): Tool => ({
  ...emptyTool({ toolId: id, path: id, title: `Tool ${id}` }),
  ...patch,
});

const app = (tools: Tool[], patch: Partial<SavedApp> = {}): SavedApp => ({
  ...emptySavedApp("generated"),
  tools,
  ...patch,
});

const admin: SavedAppValidationContext = { kind: "generated", plan: "galaxy", isAdmin: true };
const builder: SavedAppValidationContext = { kind: "generated", plan: "builder", isAdmin: false };

const errorsOf = (doc: unknown, context: SavedAppValidationContext = admin) => {
  const result = validateSavedApp(doc, context);
  return result.ok ? {} : result.errors;
};

describe("validateSavedApp: the contract", () => {
  it("accepts a good document and returns it", () => {
    const doc = app([tool("a", { gptPrompt: "[city]", fields: [field("city")] })]);
    expect(validateSavedApp(doc, admin)).toEqual({ ok: true, app: doc, warnings: {} });
  });

  it("keys each contract message by its path, for a 400 answer", () => {
    const doc = app([tool("a", { path: "bad path", examples: ["1", "2", "3", "4"] })], {
      settings: { ...emptySavedApp("generated").settings, dailyUserLimit: 0, modelTemperature: 0.25 },
    });
    expect(errorsOf(doc)).toEqual({
      "tools.0.path": "Path should contain only letters, numbers, and dashes. It cannot be empty.",
      "tools.0.examples": "You can add up to 3 examples",
      "settings.dailyUserLimit": "Daily runs per user must be between 1 and 100",
      "settings.modelTemperature": "Temperature must be a multiple of 0.1",
    });
  });

  it("refuses a document that is not an object at all", () => {
    expect(Object.keys(errorsOf(null))).toEqual(["app"]);
  });

  it("validates the call to action link", () => {
    expect(errorsOf(app([tool("a", { ctaLink: "click here" })]))).toEqual({
      "tools.0.ctaLink": "Call to action link must be a valid URL starting with http:// or https://",
    });
  });
});

describe("validateSavedApp: tools", () => {
  it("refuses two tools with one path, ignoring case", () => {
    expect(errorsOf(app([tool("a", { path: "Report" }), tool("b", { path: "report" })]))).toEqual({
      "tools.1.path": "Another tool of this app already uses this path",
    });
  });

  it("refuses repeated tool ids", () => {
    expect(errorsOf(app([tool("a"), tool("a", { path: "b" })]))).toEqual({
      "tools.1.toolId": "Another item already uses this id",
    });
  });

  it("gives a single tool exactly one tool", () => {
    expect(errorsOf(app([tool("a"), tool("b")]), { ...admin, kind: "tool" })).toEqual({
      tools: "A single tool holds exactly one tool",
    });
  });

  it("blocks adding a tool over the plan's maximum, but keeps saving what was there", () => {
    const max = PLAN_LIMITS.builder.maxToolsPerApp;
    const full = app(Array.from({ length: max }, (_, index) => tool(`t${index}`)));
    const over = app([...full.tools, tool("extra")]);
    const result = validateSavedApp(over, { ...builder, previous: full });
    expect(result).toMatchObject({
      ok: false,
      errors: { tools: `Your plan includes ${max} tools per app. To add more tools, upgrade your plan` },
      upgradeReason: "default",
    });
    expect(validateSavedApp(over, { ...builder, previous: over }).ok).toBe(true);
  });

  it("refuses activating a tool without a header", () => {
    expect(errorsOf(app([tool("a", { title: " ", status: "active" })]))).toEqual({
      "tools.0.status": "Your tool should have a header before it is activated",
    });
  });

  it("blocks activations over the live-tool limit with the spec's message and upgrade reason", () => {
    const n = PLAN_LIMITS.builder.liveToolsPerApp;
    const tools = Array.from({ length: n + 1 }, (_, index) => tool(`t${index}`, { status: "active" }));
    const result = validateSavedApp(app(tools), builder);
    expect(result).toEqual({
      ok: false,
      errors: {
        [`tools.${n}.status`]: `Your plan includes ${n} live AI tools. To activate more tools, you can put other tools in draft mode or upgrade your plan`,
      },
      warnings: {},
      upgradeReason: "activated_tools_per_app_limit",
    });
  });

  it("counts tools already active first, so only the new activation is refused, and never blocks them after a downgrade", () => {
    const before = app([tool("a"), tool("b", { status: "active" })]);
    const after = app([tool("a", { status: "active" }), tool("b", { status: "active" })]);
    expect(errorsOf(after, { ...builder, plan: "lite", previous: before })).toEqual({
      "tools.0.status": expect.stringContaining("Your plan includes 1 live AI tools"),
    });
    expect(validateSavedApp(after, { ...builder, plan: "lite", previous: after }).ok).toBe(true);
  });

  it("keeps pro tools and credits per run for admins", () => {
    const before = app([tool("a")]);
    expect(
      errorsOf(app([tool("a", { isProTool: true, creditsPerRun: 5 })]), { ...builder, previous: before }),
    ).toEqual({
      "tools.0.isProTool": "Only admins can change this setting",
      "tools.0.creditsPerRun": "Only admins can change this setting",
    });
    expect(
      errorsOf(app([tool("a", { isProTool: true, creditsPerRun: 5 })]), { ...admin, previous: before }),
    ).toEqual({});
  });

  it("lets a builder add a tool at the default or the app's own credits per run", () => {
    const before = app([], { settings: { ...emptySavedApp("generated").settings, creditsPerRun: 3 } });
    const context = { ...builder, plan: "moon" as const, previous: before };
    for (const creditsPerRun of [1, 3])
      expect(errorsOf({ ...before, tools: [tool("a", { creditsPerRun })] }, context)).toEqual({});
    expect(errorsOf({ ...before, tools: [tool("a", { creditsPerRun: 7 })] }, context)).toEqual({
      "tools.0.creditsPerRun": "Only admins can change this setting",
    });
  });
});

describe("validateSavedApp: custom fields", () => {
  const withFields = (fields: CustomField[], patch: Partial<Tool> = {}) =>
    app([tool("a", { fields, gptPrompt: fields.map((f) => `[${f.name}]`).join(" "), ...patch })]);

  it("refuses names used twice ignoring case, and the reserved 'input'", () => {
    expect(errorsOf(withFields([field("city"), field("City"), field("input")]))).toEqual({
      "tools.0.fields.1.name": "Field already exists, try another name",
      "tools.0.fields.2.name": "Input is a reserved field name, try another name",
    });
  });

  it("refuses empty and repeated options, and option fields without options", () => {
    const select = (options: string[]) =>
      field("pick", { type: "select", options: options.map((label) => ({ label, iconUrl: "" })) });
    expect(errorsOf(withFields([select(["A", "", "a"])]))).toEqual({
      "tools.0.fields.0.options.1.label": "Option is empty",
      "tools.0.fields.0.options.2.label": "Option already exists",
    });
    expect(errorsOf(withFields([select([])]))).toEqual({
      "tools.0.fields.0.options": "Add at least one option",
    });
  });

  it("refuses more fields than the maximum, unless the tool already had them", () => {
    const many = Array.from({ length: 21 }, (_, index) => field(`f${index}`));
    const doc = withFields(many);
    expect(errorsOf(doc)).toEqual({
      "tools.0.fields": "There can be a maximum of 20 custom fields, contact us if you need more fields",
    });
    expect(errorsOf(doc, { ...admin, previous: doc })).toEqual({});
  });

  it("requires e-mail fields to be personal", () => {
    expect(errorsOf(withFields([field("mail", { type: "email", personal: false })]))).toEqual({
      "tools.0.fields.0.personal": "An e-mail field is always personal",
    });
  });

  it("refuses deleting a field whose tag is still in the instructions", () => {
    const before = withFields([field("city"), field("age")]);
    const after = app([tool("a", { fields: [field("city")], gptPrompt: "[city] [age]" })]);
    expect(errorsOf(after, { ...admin, previous: before })).toEqual({
      "tools.0.fields": "Before deleting this field, remove the [age] tag from the app instructions",
    });
    const untagged = app([tool("a", { fields: [field("city")], gptPrompt: "[city]" })]);
    expect(errorsOf(untagged, { ...admin, previous: before })).toEqual({});
  });

  it("warns about unknown tags and inactive fields without refusing the save", () => {
    const doc = app([
      tool("a", { fields: [field("city"), field("age")], gptPrompt: "[city] in [country] for [input]" }),
    ]);
    expect(validateSavedApp(doc, admin)).toEqual({
      ok: true,
      app: doc,
      warnings: {
        "tools.0.gptPrompt": "No custom field is named [country]",
        "tools.0.fields.1.name": "This field is inactive: add its [age] tag to the instructions to use it",
      },
    });
  });

  it("keeps photo off lite and place and tool_item_select for admins, for new fields only", () => {
    const doc = app([
      tool("a", {
        fields: [
          field("snap", { type: "photo" }),
          field("where", { type: "place" }),
          field("dish", { type: "tool_item_select", toolId: "a" }),
        ],
        gptPrompt: "[snap] [where] [dish]",
      }),
    ]);
    const lite: SavedAppValidationContext = { kind: "generated", plan: "lite", isAdmin: false };
    expect(errorsOf(doc, lite)).toEqual({
      "tools.0.fields.0.type":
        "Photo fields are not available on the free plan. Upgrade your plan to use them",
      "tools.0.fields.1.type": "Place and tool item fields are available to admins only",
      "tools.0.fields.2.type": "Place and tool item fields are available to admins only",
    });
    expect(errorsOf(doc, { ...lite, previous: doc })).toEqual({});
  });

  it("allows memorize only with sign-up on, and never for photos", () => {
    const doc = app([
      tool("a", {
        fields: [field("name", { memorize: true }), field("snap", { type: "photo", memorize: true })],
        gptPrompt: "[name] [snap]",
      }),
    ]);
    expect(errorsOf(doc)).toEqual({
      "tools.0.fields.0.memorize": "Remembering answers needs user sign-up to be turned on",
      "tools.0.fields.1.memorize": "Photo answers cannot be remembered",
    });
  });

  it("refuses a step or tool that does not exist", () => {
    const doc = app([
      tool("a", {
        fields: [
          field("city", { stepId: "nope" }),
          field("dish", { type: "tool_item_select", toolId: "ghost" }),
        ],
        gptPrompt: "[city] [dish]",
      }),
    ]);
    expect(errorsOf(doc)).toEqual({
      "tools.0.fields.0.stepId": "Choose one of the tool's input steps",
      "tools.0.fields.1.toolId": "Choose a tool of this app",
    });
  });
});

describe("validateSavedApp: steps and blocks", () => {
  it("needs a step for multi-step input, and unique step and block ids", () => {
    expect(errorsOf(app([tool("a", { isMultiStepInput: true })]))).toEqual({
      "tools.0.inputSteps": "Add at least one input step",
    });
    const block = { id: "b", kind: "list" as const, title: "", instruction: "" };
    const doc = app([
      tool("a", {
        inputSteps: [
          { id: "s", title: "One" },
          { id: "s", title: "Two" },
        ],
        blocks: [block, block],
      }),
    ]);
    expect(errorsOf(doc)).toEqual({
      "tools.0.inputSteps.1.id": "Another item already uses this id",
      "tools.0.blocks.1.id": "Another item already uses this id",
    });
  });
});

describe("validateSavedApp: style and settings", () => {
  it("lets only plans from builder up hide the watermark, with the 'watermark' upgrade reason", () => {
    const doc = app([], { style: { ...emptySavedApp("generated").style, isWatermarkHidden: true } });
    expect(validateSavedApp(doc, { kind: "generated", plan: "explorer", isAdmin: false })).toMatchObject({
      ok: false,
      errors: { "style.isWatermarkHidden": "Upgrade your plan to hide the watermark" },
      upgradeReason: "watermark",
    });
    expect(validateSavedApp(doc, { kind: "generated", plan: "builder", isAdmin: false }).ok).toBe(true);
  });

  it("refuses settings changes from builders who may not open the settings", () => {
    const base = emptySavedApp("tool");
    const doc = { ...base, settings: { ...base.settings, dailyUserLimit: 5 } };
    expect(
      validateSavedApp(doc, { kind: "tool", plan: "lite", isAdmin: false, previous: base }),
    ).toMatchObject({
      ok: false,
      errors: { settings: "Upgrade your plan to change the settings of this app" },
    });
    expect(validateSavedApp(doc, { kind: "tool", plan: "explorer", isAdmin: false, previous: base }).ok).toBe(
      true,
    );
  });

  it("keeps the admin-only settings for admins", () => {
    const base = emptySavedApp("tool");
    const doc = { ...base, settings: { ...base.settings, modelTemperature: 1.2, aiModel: "big-model" } };
    expect(errorsOf(doc, { kind: "tool", plan: "galaxy", isAdmin: false, previous: base })).toEqual({
      "settings.aiModel": "Only admins can change this setting",
      "settings.modelTemperature": "Only admins can change this setting",
    });
  });

  it("requires the sign-up links and refuses turning sign-up on before publishing", () => {
    const base = emptySavedApp("tool");
    const doc = { ...base, settings: { ...base.settings, isSignupEnabled: true } };
    expect(errorsOf(doc, { kind: "tool", plan: "galaxy", isAdmin: true, canEnableSignup: false })).toEqual({
      "settings.isSignupEnabled": "For user signup, you have to publish the app and set custom domain",
      "settings.termsOfServiceLink": "Terms of service link is required when user sign-up is on",
      "settings.privacyPolicyLink": "Privacy policy link is required when user sign-up is on",
      "settings.supportEmail": "Support e-mail is required when user sign-up is on",
    });
  });

  it("refuses empty and repeated template categories", () => {
    const base = emptySavedApp("tool");
    const doc = { ...base, settings: { ...base.settings, templateCategories: ["Travel", "travel", ""] } };
    expect(errorsOf(doc, { kind: "tool", plan: "galaxy", isAdmin: true })).toEqual({
      "settings.templateCategories.1": "Category already exists",
      "settings.templateCategories.2": "Category name cannot be empty",
    });
  });

  it("turns paid memberships on only with the plan, sign-up and a custom domain", () => {
    const base = emptySavedApp("tool");
    const on = { ...base, settings: { ...base.settings, isPaidMembershipsEnabled: true } };
    expect(validateSavedApp(on, { kind: "tool", plan: "business", isAdmin: false })).toMatchObject({
      ok: false,
      errors: { "settings.isPaidMembershipsEnabled": "Upgrade your plan to offer paid memberships" },
      upgradeReason: "payment_system",
    });
    expect(errorsOf(on, { kind: "tool", plan: "moon", isAdmin: true })).toEqual({
      "settings.isPaidMembershipsEnabled": "Paid memberships need user sign-up to be turned on",
    });
  });
});
