import { emptyTool, GENERATED_APP_MESSAGES, maxToolsMessage, type Tool } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import {
  addTool,
  deleteTool,
  duplicateTool,
  moveTool,
  newToolId,
  setToolPath,
  toggleToolStatus,
  toolPagePath,
  toolsReferencing,
} from "./tools-model.ts";

const tool = (id: string, extra: Partial<Tool> = {}): Tool => ({
  ...emptyTool({ toolId: id, path: id }),
  title: `Title ${id}`,
  ...extra,
});

function okTools(change: ReturnType<typeof addTool>): Tool[] {
  if (!change.ok) throw new Error(`refused: ${change.message}`);
  return change.tools;
}

describe("addTool", () => {
  it("appends an untitled draft with a free path", () => {
    const tools = okTools(addTool([tool("a")], { plan: "builder", toolId: "t2" }));
    expect(tools.map((t) => t.toolId)).toEqual(["a", "t2"]);
    expect(tools[1]).toMatchObject({ title: "", status: "draft", path: "new-tool" });
    const third = okTools(addTool(tools, { plan: "builder", toolId: "t3" }));
    expect(third[2]?.path).toBe("new-tool-2");
  });

  it("refuses at the plan's tools-per-app maximum with the domain message", () => {
    const three = [tool("a"), tool("b"), tool("c")];
    expect(addTool(three, { plan: "lite", toolId: "d" })).toEqual({
      ok: false,
      message: maxToolsMessage(3),
      upgradeReason: "default",
    });
    expect(addTool(three, { plan: "explorer", toolId: "d" }).ok).toBe(true);
  });
});

describe("duplicateTool", () => {
  it("inserts a draft copy after the original with a new id and a -2 path", () => {
    const tools = [tool("a", { status: "active", gptPrompt: "Do [x]" }), tool("b")];
    const next = okTools(
      duplicateTool(tools, "a", { plan: "business", newToolId: "copy", isAdmin: true, appCreditsPerRun: 1 }),
    );
    expect(next.map((t) => t.toolId)).toEqual(["a", "copy", "b"]);
    expect(next[1]).toMatchObject({ path: "a-2", status: "draft", gptPrompt: "Do [x]", title: "Title a" });
    // A deep copy: editing the copy's fields leaves the original alone.
    expect(next[1]?.fields).not.toBe(tools[0]?.fields);
  });

  it("resets admin-only pro and credits for a non-admin, keeps them for an admin", () => {
    const tools = [tool("a", { isProTool: true, creditsPerRun: 7 })];
    const options = { plan: "business" as const, newToolId: "c", appCreditsPerRun: 2 };
    const mine = okTools(duplicateTool(tools, "a", { ...options, isAdmin: false }))[1];
    expect(mine).toMatchObject({ isProTool: false, creditsPerRun: 2 });
    const admin = okTools(duplicateTool(tools, "a", { ...options, isAdmin: true }))[1];
    expect(admin).toMatchObject({ isProTool: true, creditsPerRun: 7 });
  });

  it("is refused at the maximum and for an unknown tool", () => {
    const three = [tool("a"), tool("b"), tool("c")];
    const options = { plan: "lite" as const, newToolId: "x", isAdmin: false, appCreditsPerRun: 1 };
    expect(duplicateTool(three, "a", options)).toMatchObject({ ok: false, message: maxToolsMessage(3) });
    expect(duplicateTool([tool("a")], "zz", options).ok).toBe(false);
  });
});

describe("deleteTool and toolsReferencing", () => {
  it("removes the tool", () => {
    expect(okTools(deleteTool([tool("a"), tool("b")], "a")).map((t) => t.toolId)).toEqual(["b"]);
    expect(deleteTool([tool("a")], "zz").ok).toBe(false);
  });

  it("names the tools whose tool-item fields point at it", () => {
    const field = {
      name: "item",
      label: "Item",
      type: "tool_item_select" as const,
      required: false,
      personal: false,
      memorize: false,
      stepId: null,
      instructions: "",
      options: [],
      filterCondition: "",
      toolId: "a",
    };
    const tools = [tool("a"), tool("b", { fields: [field] }), tool("c")];
    expect(toolsReferencing(tools, "a").map((t) => t.toolId)).toEqual(["b"]);
    expect(toolsReferencing(tools, "c")).toEqual([]);
  });
});

describe("moveTool", () => {
  const tools = [tool("a"), tool("b"), tool("c")];
  it("swaps with the neighbour", () => {
    expect(okTools(moveTool(tools, "b", -1)).map((t) => t.toolId)).toEqual(["b", "a", "c"]);
    expect(okTools(moveTool(tools, "b", 1)).map((t) => t.toolId)).toEqual(["a", "c", "b"]);
  });
  it("leaves the ends alone", () => {
    expect(okTools(moveTool(tools, "a", -1)).map((t) => t.toolId)).toEqual(["a", "b", "c"]);
    expect(okTools(moveTool(tools, "c", 1)).map((t) => t.toolId)).toEqual(["a", "b", "c"]);
  });
});

describe("setToolPath", () => {
  const tools = [tool("a", { path: "report" }), tool("b", { path: "summary" })];
  it("refuses empty or invalid paths with the spec's message", () => {
    for (const bad of ["", "  ", "has space", "slash/path", "ümlaut"]) {
      expect(setToolPath(tools, "b", bad)).toEqual({
        ok: false,
        message: GENERATED_APP_MESSAGES.invalidPath,
      });
    }
  });
  it("refuses a path over the length cap", () => {
    expect(setToolPath(tools, "b", "a".repeat(61)).ok).toBe(false);
  });
  it("sets a valid path, trimmed", () => {
    expect(okTools(setToolPath(tools, "b", " My-Tool-2 "))[1]?.path).toBe("My-Tool-2");
  });
  it("suffixes a path another tool has, case-insensitively, but not the tool's own", () => {
    expect(okTools(setToolPath(tools, "b", "Report"))[1]?.path).toBe("Report-2");
    expect(okTools(setToolPath(tools, "a", "report"))[0]?.path).toBe("report");
  });
});

describe("toggleToolStatus", () => {
  it("refuses activating a tool without a title", () => {
    expect(toggleToolStatus([tool("a", { title: "  " })], "a", "galaxy")).toEqual({
      ok: false,
      message: GENERATED_APP_MESSAGES.activationNeedsTitle,
    });
  });

  it("blocks at the live-tool limit with the spec message and upgrade reason", () => {
    const tools = [tool("a", { status: "active" }), tool("b")];
    expect(toggleToolStatus(tools, "b", "lite")).toEqual({
      ok: false,
      message:
        "Your plan includes 1 live AI tools. To activate more tools, you can put other tools in draft mode or upgrade your plan",
      upgradeReason: "activated_tools_per_app_limit",
    });
  });

  it("activates within the limit and reports the activated tool", () => {
    const change = toggleToolStatus([tool("a", { status: "active" }), tool("b")], "b", "explorer");
    expect(change).toMatchObject({ ok: true, activatedToolId: "b" });
    expect(okTools(change).map((t) => t.status)).toEqual(["active", "active"]);
  });

  it("always lets an active tool go back to draft, even over the limit", () => {
    const tools = [tool("a", { status: "active" }), tool("b", { status: "active" })];
    const change = toggleToolStatus(tools, "b", "lite");
    expect(change.ok && change.activatedToolId).toBe(undefined);
    expect(okTools(change).map((t) => t.status)).toEqual(["active", "draft"]);
  });
});

describe("ids and links", () => {
  it("makes distinct ids that fit the id cap", () => {
    const a = newToolId();
    expect(a).toMatch(/^tool-[0-9a-f]{24}$/);
    expect(newToolId()).not.toBe(a);
  });
  it("builds the end user's tool link", () => {
    expect(toolPagePath("my app", "report-2")).toBe("/app/my%20app/tool/report-2");
  });
});
