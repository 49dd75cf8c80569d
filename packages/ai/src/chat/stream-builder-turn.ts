import { CHAT_MAX_STEPS } from "@liftoff/domain";
import {
  type LanguageModel,
  type LanguageModelUsage,
  type ModelMessage,
  stepCountIs,
  streamText,
  tool,
} from "ai";
import { z } from "zod";
import type { TokenUsage } from "./to-usage-record.ts";

export type BuilderTurnTools = {
  /** A file of the app's draft, or null when there is no such file. */
  readFile(path: string): string | null;
  /** Entity name → schema (with permissions). */
  listEntities(): Record<string, unknown>;
};

export type ToolInvocationRecord = {
  toolName: string;
  toolCallId: string;
  state: "call" | "result";
  args: unknown;
  result?: unknown;
};

export type BuilderTurnEvent =
  | { type: "text"; text: string }
  | { type: "reasoning"; text: string }
  | { type: "tool"; invocation: ToolInvocationRecord };

export type BuilderTurnResult = {
  text: string;
  reasoning: string;
  /** The last step's finish reason: 'length' means the reply was cut off. */
  finishReason: string;
  usage: TokenUsage;
  toolInvocations: ToolInvocationRecord[];
};

/** Tool results are capped so one read cannot fill the context window. */
const TOOL_RESULT_MAX = 60_000;

/**
 * One assistant turn of the builder chat, streamed: the model may read files and list
 * entities (each call is a step; CHAT_MAX_STEPS in all), and writes its reply with action
 * tags. Deltas go to `onEvent` as they arrive. A provider failure is thrown (after the AI
 * SDK's retries) for the caller to describe with describeAiError.
 */
export async function streamBuilderTurn(options: {
  model: LanguageModel;
  system: string;
  messages: ModelMessage[];
  temperature: number;
  maxRetries: number;
  tools: BuilderTurnTools;
  abortSignal?: AbortSignal;
  onEvent(event: BuilderTurnEvent): void;
}): Promise<BuilderTurnResult> {
  const invocations: ToolInvocationRecord[] = [];
  const tools = {
    read_file: tool({
      description: "Read the current content of one file of the app, by its path (e.g. pages/Tasks.jsx).",
      inputSchema: z.object({ path: z.string().describe("The file path, as listed in the app summary") }),
      execute: async ({ path }) => {
        const content = options.tools.readFile(path.replace(/^\.?\//, ""));
        if (content === null) return { error: `No file ${path}` };
        return { path, content: content.slice(0, TOOL_RESULT_MAX) };
      },
    }),
    list_entities: tool({
      description: "List the app's entities with their JSON schemas and permissions.",
      inputSchema: z.object({}),
      execute: async () => options.tools.listEntities(),
    }),
  };

  const result = streamText({
    model: options.model,
    system: options.system,
    messages: options.messages,
    temperature: options.temperature,
    maxRetries: options.maxRetries,
    tools,
    stopWhen: stepCountIs(CHAT_MAX_STEPS),
    // Errors arrive as stream parts and are thrown below; the SDK's default prints them.
    onError: () => {},
    ...(options.abortSignal ? { abortSignal: options.abortSignal } : {}),
  });

  let text = "";
  let reasoning = "";
  let finishReason = "other";
  let usage: TokenUsage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
  let failure: unknown = null;
  for await (const part of result.fullStream) {
    switch (part.type) {
      case "text-delta":
        text += part.text;
        options.onEvent({ type: "text", text: part.text });
        break;
      case "reasoning-delta":
        reasoning += part.text;
        options.onEvent({ type: "reasoning", text: part.text });
        break;
      case "tool-call": {
        const invocation: ToolInvocationRecord = {
          toolName: part.toolName,
          toolCallId: part.toolCallId,
          state: "call",
          args: part.input,
        };
        invocations.push(invocation);
        options.onEvent({ type: "tool", invocation });
        break;
      }
      case "tool-result": {
        const invocation = invocations.find((i) => i.toolCallId === part.toolCallId);
        if (invocation) {
          invocation.state = "result";
          invocation.result = summarizeToolResult(part.output);
          options.onEvent({ type: "tool", invocation });
        }
        break;
      }
      case "finish-step":
        finishReason = part.finishReason;
        break;
      case "finish":
        finishReason = part.finishReason;
        usage = tokenUsageOf(part.totalUsage);
        break;
      case "error":
        failure = part.error;
        break;
      case "abort":
        failure = Object.assign(new Error("The generation was aborted"), { name: "AbortError" });
        break;
    }
  }
  if (failure) throw failure;
  return { text, reasoning, finishReason, usage, toolInvocations: invocations };
}

/** What is kept of a tool result in the stored message: not whole files. */
function summarizeToolResult(output: unknown): unknown {
  if (output && typeof output === "object" && "content" in output && "path" in output) {
    const { path, content } = output as { path: string; content: string };
    return { path, characters: content.length };
  }
  return output;
}

export function tokenUsageOf(usage: LanguageModelUsage): TokenUsage {
  return {
    inputTokens: usage.inputTokens ?? 0,
    outputTokens: usage.outputTokens ?? 0,
    cacheReadTokens: usage.inputTokenDetails?.cacheReadTokens ?? 0,
    cacheWriteTokens: usage.inputTokenDetails?.cacheWriteTokens ?? 0,
  };
}
