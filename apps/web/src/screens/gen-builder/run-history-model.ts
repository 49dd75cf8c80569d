import type { RunView, Tool, ToolRunSummary } from "@liftoff/domain";

/** How many runs the panel asks for: the latest ones are what a builder checks. */
export const RUN_HISTORY_LIMIT = 50;
/** While a run is still answering, the list is read again this often. */
export const RUN_POLL_MS = 5_000;

/** What an empty or missing answer reads as. */
export const NO_ANSWER = "—";

export type RunAnswer = { key: string; label: string; value: string };

/**
 * One stored answer as a line of text: text as is, several options joined with commas,
 * a height or weight as its number and unit ('180 cm'), anything else as JSON.
 */
export function formatAnswerValue(value: unknown): string {
  if (value === undefined || value === null) return NO_ANSWER;
  if (typeof value === "string") return value.trim() === "" ? NO_ANSWER : value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) {
    const parts = value.map(formatAnswerValue).filter((part) => part !== NO_ANSWER);
    return parts.length === 0 ? NO_ANSWER : parts.join(", ");
  }
  if (typeof value === "object" && "value" in value && "unit" in value)
    return `${formatAnswerValue(value.value)} ${formatAnswerValue(value.unit)}`;
  return JSON.stringify(value);
}

/**
 * The answers a run was asked with, labelled by the tool's fields in their order: the main
 * input first, then each field, then answers to fields the tool no longer has (by name).
 * A tool that was deleted since leaves only the names.
 */
export function runAnswers(
  request: ToolRunSummary["request"],
  tool: Pick<Tool, "fields" | "inputLabel"> | null,
): RunAnswer[] {
  const answers: RunAnswer[] = [];
  if (typeof request.input === "string" && request.input.trim() !== "")
    answers.push({ key: "input", label: tool?.inputLabel.trim() || "Input", value: request.input });
  const values =
    request.values && typeof request.values === "object" && !Array.isArray(request.values)
      ? (request.values as Record<string, unknown>)
      : {};
  const fields = tool?.fields ?? [];
  for (const field of fields)
    if (Object.hasOwn(values, field.name))
      answers.push({
        key: `field:${field.name}`,
        label: field.label.trim() || field.name,
        value: formatAnswerValue(values[field.name]),
      });
  for (const [name, value] of Object.entries(values))
    if (!fields.some((field) => field.name === name))
      answers.push({ key: `field:${name}`, label: name, value: formatAnswerValue(value) });
  return answers;
}

/** The title of the run's tool in the saved app, or what stands for it. */
export function runToolTitle(tools: readonly Pick<Tool, "toolId" | "title">[], toolId: string): string {
  const tool = tools.find((candidate) => candidate.toolId === toolId);
  if (!tool) return "Deleted tool";
  return tool.title.trim() || "Untitled tool";
}

/** A block's heading: its title in the tool, 'Result' for the one block of a tool without blocks. */
export function blockLabel(tool: Pick<Tool, "blocks"> | null, blockId: string): string {
  const block = tool?.blocks.find((candidate) => candidate.id === blockId);
  if (block?.title.trim()) return block.title.trim();
  return blockId === "result" ? "Result" : blockId;
}

export type BlockVerdict =
  | { status: "unchecked" }
  | { status: "pending" }
  | { status: "validated" }
  | { status: "failed"; message: string };

/** What the block checks said about one block of the run (unchecked blocks have no verdict). */
export function blockVerdict(view: RunView, blockId: string): BlockVerdict {
  const status = view.state.blocks[blockId];
  if (status === undefined) return { status: "unchecked" };
  if (status === "failed")
    return { status: "failed", message: view.state.blockMessages[blockId] ?? "The check failed" };
  return { status };
}

/** Whether the list should be read again soon: a run is still answering. */
export function hasRunningRun(runs: readonly Pick<ToolRunSummary, "status">[]): boolean {
  return runs.some((run) => run.status === "running");
}

const tokenFormat = new Intl.NumberFormat("en-US");

/** '1,234 tokens', '1 token'. */
export function formatTokens(tokens: number): string {
  return `${tokenFormat.format(tokens)} ${tokens === 1 ? "token" : "tokens"}`;
}

/**
 * A model cost in US dollars: cents for a dollar and more, four decimals below (a run often
 * costs a fraction of a cent), and '< $0.0001' for what would read as zero.
 */
export function formatCost(usd: number): string {
  if (usd <= 0) return "$0";
  if (usd >= 1) return `$${usd.toFixed(2)}`;
  if (usd < 0.0001) return "< $0.0001";
  // Trailing zeros go, but a price keeps its cents: $0.50, $0.0012.
  const [whole, fraction = ""] = usd.toFixed(4).split(".");
  return `$${whole}.${fraction.replace(/0+$/, "").padEnd(2, "0")}`;
}

/** '1 credit', '3 credits'. */
export function formatCredits(credits: number): string {
  return `${credits} ${credits === 1 ? "credit" : "credits"}`;
}

/**
 * What a run cost the builder's plan: the server gives back the credits of every run that
 * ends in error (apps/server/src/features/runs/refund-run.ts), so those read as refunded.
 */
export function formatRunCredits(run: Pick<ToolRunSummary, "status" | "creditsCharged">): string {
  if (run.status === "error" && run.creditsCharged > 0)
    return `${formatCredits(run.creditsCharged)} refunded`;
  return formatCredits(run.creditsCharged);
}

/** '232 (223 in, 9 out)': a run's tokens with the prompt's and the answer's share. */
export function formatTokenSplit(usage: {
  totalTokens: number;
  promptTokens: number;
  completionTokens: number;
}) {
  return `${tokenFormat.format(usage.totalTokens)} (${tokenFormat.format(usage.promptTokens)} in, ${tokenFormat.format(usage.completionTokens)} out)`;
}

/** How long a finished run took: '850 ms', '12.4 s', '2 min 5 s'; null while it runs. */
export function formatRunDuration(run: Pick<ToolRunSummary, "createdAt" | "finishedAt">): string | null {
  if (!run.finishedAt) return null;
  const ms = new Date(run.finishedAt).getTime() - new Date(run.createdAt).getTime();
  if (!Number.isFinite(ms) || ms < 0) return null;
  if (ms < 1_000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1_000)} s`;
}
