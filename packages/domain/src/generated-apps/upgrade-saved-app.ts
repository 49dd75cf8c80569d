import { dedupeIds } from "./dedupe-ids.ts";
import { firstOf, type LooseRecord, looseEnum, looseList, looseRecord, looseText } from "./loose-read.ts";
import { APP_FEATURES, type AppFeature, type SavedApp, type SavedAppKind } from "./saved-app.ts";
import { APP_BUILDER_VERSION, SAVED_APP_LIMITS, SAVED_APP_TEXT_LIMITS as T } from "./saved-app-limits.ts";
import { uniqueToolPaths } from "./unique-tool-path.ts";
import { upgradeAppSettings } from "./upgrade-app-settings.ts";
import { upgradeAppStyle } from "./upgrade-app-style.ts";
import { TOOL_CONTENT_KEYS, upgradeTool } from "./upgrade-tool.ts";

const FEATURE_ALIASES: Record<string, AppFeature> = {
  followups: "interactive_followups",
  fields: "custom_fields",
};

/** Features as a list of names or as an object of flags ({interactiveFollowups: true}). */
function upgradeFeatures(raw: unknown): AppFeature[] {
  const names = Array.isArray(raw)
    ? raw
    : Object.entries(looseRecord(raw))
        .filter(([, on]) => on === true)
        .map(([name]) => name);
  const features = names.map((name) => looseEnum(name, APP_FEATURES, null, FEATURE_ALIASES));
  return APP_FEATURES.filter((feature) => features.includes(feature));
}

/** What an old document kept outside its one tool for it: top-level keys first, then its settings. */
function inheritedToolContent(top: LooseRecord, settings: LooseRecord): LooseRecord {
  const inherited: LooseRecord = {};
  for (const key of [...TOOL_CONTENT_KEYS, "header", "description", "steps", "prompt", "customFields"])
    inherited[key] = firstOf(top, key) ?? firstOf(settings, key);
  return inherited;
}

/**
 * Any saved document of a generated app or single tool, as version 4. Never throws and
 * never rejects: whatever `input` holds (an older version, a partial or hand-edited
 * document, null) comes back as a document savedAppSchema accepts.
 *
 * - Versions 1 to 3 (or no version) kept one tool's gptPrompt, fields, blocks, steps,
 *   examples, texts and call to action at the top level (or in settings): they move into
 *   the first tool, where the tool's own keys win. Without a tools list the document was
 *   a single tool, so it becomes an app with one tool titled by its header.
 * - `kind: "tool"` makes exactly one tool (an empty draft when there was none; extra
 *   tools of a mis-filed document are dropped), as a single tool is an app with one tool.
 * - Numbers are clamped to their ranges, texts cut to their caps, lists to their counts
 *   (the custom field count is not: its limit is a rule with its own message), unknown
 *   values take the defaults, ids and paths are made unique (-2, -3…).
 * Rules that need the plan or the builder's role are not applied: validateSavedApp checks
 * them when the builder saves.
 */
export function upgradeSavedApp(input: unknown, options: { kind?: SavedAppKind } = {}): SavedApp {
  const top = looseRecord(input);
  const rawSettings = looseRecord(top.settings);
  const settings = upgradeAppSettings(rawSettings);
  const version = typeof top.appBuilderVersion === "number" ? top.appBuilderVersion : 0;
  const rawTools = looseList(firstOf(top, "tools"));
  const isOldSingleTool = version < APP_BUILDER_VERSION && rawTools.length === 0 && top.tools === undefined;
  // Before v4 the top-level tool content belonged to the document's one (or first) tool.
  const inherited = version < APP_BUILDER_VERSION ? inheritedToolContent(top, rawSettings) : {};
  let sources: unknown[] =
    isOldSingleTool || (options.kind === "tool" && rawTools.length === 0) ? [{}] : rawTools;
  if (options.kind === "tool") sources = sources.slice(0, 1);
  sources = sources.slice(0, SAVED_APP_LIMITS.maxTools);
  const tools = sources.map((raw, index) =>
    upgradeTool(raw, {
      index,
      inherited: index === 0 ? inherited : {},
      defaultCreditsPerRun: settings.creditsPerRun,
    }),
  );
  const ids = dedupeIds(
    tools.map((tool) => tool.toolId),
    T.id,
  );
  const paths = uniqueToolPaths(
    tools.map((tool) => tool.path),
    T.path,
  );
  const chat = looseRecord(top.chatSettings);
  const chatAppId = looseText(chat.chatAppId, 64).trim();
  return {
    appBuilderVersion: APP_BUILDER_VERSION,
    header: looseText(firstOf(top, "header") ?? rawSettings.header, T.header),
    description: looseText(firstOf(top, "description") ?? rawSettings.description, T.description),
    background: looseText(top.background, 2_000),
    features: upgradeFeatures(top.features),
    tools: tools.map((tool, index) => ({ ...tool, toolId: ids[index]!, path: paths[index]! })),
    chatSettings: {
      status: chat.status === "active" ? "active" : "draft",
      chatAppId: chatAppId === "" ? null : chatAppId,
    },
    style: upgradeAppStyle(firstOf(top, "style", "appStyle")),
    settings,
  };
}

/** A new, empty document of `kind`: a single tool gets its one draft tool at once. */
export function emptySavedApp(kind: SavedAppKind): SavedApp {
  return upgradeSavedApp({ appBuilderVersion: APP_BUILDER_VERSION, tools: [] }, { kind });
}
