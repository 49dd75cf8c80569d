import { emptyTool, GENERATED_APP_MESSAGES, type SavedApp, upgradeSavedApp } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import {
  addExample,
  appTextError,
  canAddExample,
  EXAMPLES_FULL_MESSAGE,
  exampleError,
  removeExample,
  setAppText,
  textMessage,
  toolTextError,
  updateExample,
} from "./texts-model.ts";

const tool = (toolId: string) => emptyTool({ toolId, path: toolId });
const appWith = (tools: ReturnType<typeof tool>[]): SavedApp => ({ ...upgradeSavedApp({}), tools });

describe("texts", () => {
  it("gives the contract's length messages", () => {
    expect(appTextError("header", "My app")).toBeNull();
    expect(appTextError("header", "h".repeat(121))).toBe("Header can be at most 120 characters");
    expect(appTextError("description", "d".repeat(1001))).toBe("Description can be at most 1,000 characters");
    expect(toolTextError("inputLabel", "l".repeat(201))).toBe("Input label can be at most 200 characters");
    expect(toolTextError("welcomeMessage", "Hi!")).toBeNull();
    expect(exampleError("e".repeat(501))).toBe("Example can be at most 500 characters");
    expect(exampleError("Plan a trip to Rome")).toBeNull();
  });

  it("keeps a single tool's title and description in step with the app's", () => {
    const single = appWith([tool("t1")]);
    const titled = setAppText(single, "tool", "header", "Recipe finder");
    expect(titled.header).toBe("Recipe finder");
    expect(titled.tools[0]?.title).toBe("Recipe finder");
    expect(setAppText(titled, "tool", "description", "Finds recipes").tools[0]?.description).toBe(
      "Finds recipes",
    );
    expect(single.tools[0]?.title).toBe("");
  });

  it("leaves the tools of a generated app alone", () => {
    const app = appWith([tool("t1"), tool("t2")]);
    const next = setAppText(app, "generated", "header", "Toolbox");
    expect(next.header).toBe("Toolbox");
    expect(next.tools).toBe(app.tools);
    expect(setAppText(appWith([tool("t1")]), "generated", "header", "X").tools[0]?.title).toBe("");
  });

  it("adds up to 3 examples, removes and edits them", () => {
    expect(addExample([])).toEqual([""]);
    expect(canAddExample(["a", "b"])).toBe(true);
    expect(canAddExample(["a", "b", "c"])).toBe(false);
    expect(addExample(["a", "b", "c"])).toEqual(["a", "b", "c"]);
    expect(EXAMPLES_FULL_MESSAGE).toBe(GENERATED_APP_MESSAGES.tooManyExamples);
    expect(removeExample(["a", "b", "c"], 1)).toEqual(["a", "c"]);
    expect(updateExample(["a", "b"], 0, "z")).toEqual(["z", "b"]);
  });

  it("finds server messages by the saved-app path or the path inside the tool", () => {
    const app = appWith([tool("t1"), tool("t2")]);
    const second = app.tools[1] ?? null;
    expect(textMessage({ "tools.1.inputLabel": "Too long" }, { app, tool: second, key: "inputLabel" })).toBe(
      "Too long",
    );
    expect(textMessage({ inputLabel: "Inside" }, { app, tool: second, key: "inputLabel" })).toBe("Inside");
    expect(
      textMessage({ "tools.0.inputLabel": "Other" }, { app, tool: second, key: "inputLabel" }),
    ).toBeUndefined();
    expect(textMessage({ header: "Bad" }, { app, tool: null, key: "header" })).toBe("Bad");
  });
});
