/** What the model is told about the app each turn (never the whole history or every file). */
export type AppSummaryInput = {
  name: string;
  mainPage: string | null;
  /** File id → content of the draft version. */
  files: ReadonlyMap<string, string>;
  /** Entity name → schema (with permissions). */
  entities: Readonly<Record<string, unknown>>;
  /** Recent runtime or compile errors, as one line each. */
  errors: readonly string[];
};

/** Files up to this size are included whole; bigger ones are listed and read on demand. */
export const SUMMARY_FILE_INLINE_MAX = 6_000;
/** The whole summary's budget for inlined file contents (characters). */
export const SUMMARY_INLINE_BUDGET = 40_000;

/**
 * A compact description of the app for the system prompt: its files (small ones inlined,
 * within a budget, the layout and main page first), entity schemas, main page and recent
 * errors. The model reads anything else with the read_file tool.
 */
export function summarizeApp(input: AppSummaryInput): string {
  const ids = [...input.files.keys()].sort(byImportance(input.mainPage));
  const lines: string[] = [`# The app: ${input.name}`];
  lines.push(`Main page: ${input.mainPage ?? "(not set: the first page)"}`);
  if (ids.length === 0) lines.push("", "The app has no files yet: create layout.jsx and the pages it needs.");
  else {
    lines.push("", "## Files");
    for (const id of ids) lines.push(`- ${id} (${input.files.get(id)?.length ?? 0} characters)`);
  }
  const names = Object.keys(input.entities).sort();
  lines.push("", "## Entities");
  if (names.length === 0) lines.push("None yet.");
  for (const name of names) lines.push(`### ${name}`, JSON.stringify(input.entities[name]));
  if (input.errors.length > 0) {
    lines.push("", "## Errors in the app right now");
    for (const error of input.errors) lines.push(`- ${error}`);
  }
  let budget = SUMMARY_INLINE_BUDGET;
  const inlined: string[] = [];
  for (const id of ids) {
    const content = input.files.get(id) ?? "";
    if (content.length > SUMMARY_FILE_INLINE_MAX || content.length > budget) continue;
    budget -= content.length;
    inlined.push(`### ${id}\n${content}`);
  }
  if (inlined.length > 0) {
    lines.push("", "## File contents (others: use read_file)");
    lines.push(...inlined);
  }
  return lines.join("\n");
}

function byImportance(mainPage: string | null) {
  const rank = (id: string) => {
    if (id === "layout.jsx") return 0;
    if (mainPage && id === `pages/${mainPage}.jsx`) return 1;
    if (id.startsWith("pages/")) return 2;
    if (id.startsWith("components/")) return 3;
    if (id.startsWith("services/")) return 4;
    return 5;
  };
  return (a: string, b: string) => rank(a) - rank(b) || a.localeCompare(b);
}
