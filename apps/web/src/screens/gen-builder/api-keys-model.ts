import type { CustomField, Tool } from "@liftoff/domain";

/** An example answer for a field, in the shape the run request takes (run-contract.ts). */
function exampleValue(field: CustomField): unknown {
  const first = field.options[0]?.label ?? "";
  switch (field.type) {
    case "select":
      return first;
    case "multiselect":
      return first ? [first] : [];
    case "height":
      return { value: 170, unit: "cm" };
    case "weight":
      return { value: 70, unit: "kg" };
    case "email":
      return "someone@example.com";
    default:
      return "…";
  }
}

/**
 * The answers of the curl example: one per field of the tool. A photo field is left out:
 * its answer is the address of a photo uploaded to the run's photo route first.
 */
export function exampleRunValues(tool: Pick<Tool, "fields">): Record<string, unknown> {
  return Object.fromEntries(
    tool.fields.filter((field) => field.type !== "photo").map((field) => [field.name, exampleValue(field)]),
  );
}

/** A single-quoted shell word: safe whatever the text holds (names come from the builder). */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * The curl command the settings show for a new key: a JSON run of the app's first active
 * tool with example answers. The secret is pasted in as it was just shown (it is never
 * shown again); without one, a placeholder stands in.
 */
export function runApiCurlExample(input: {
  origin: string;
  appId: string;
  tool: Pick<Tool, "toolId" | "fields">;
  secret?: string;
}): string {
  const url = `${input.origin.replace(/\/+$/, "")}/api/v1/apps/${encodeURIComponent(input.appId)}/tools/${encodeURIComponent(input.tool.toolId)}/runs`;
  const body = JSON.stringify({ input: "", values: exampleRunValues(input.tool) });
  return [
    `curl -X POST ${shellQuote(url)} \\`,
    `  -H ${shellQuote(`Authorization: Bearer ${input.secret ?? "lft_YOUR_KEY"}`)} \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d ${shellQuote(body)}`,
  ].join("\n");
}

/** The first tool an API key can run now (active), or null. */
export function firstActiveTool<T extends Pick<Tool, "status">>(tools: readonly T[]): T | null {
  return tools.find((tool) => tool.status === "active") ?? null;
}
