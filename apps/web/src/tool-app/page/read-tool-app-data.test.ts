import { emptyTool, newSavedApp, toPublicToolApp } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { readToolAppData } from "./read-tool-app-data.ts";

const docWith = (text: string | null) => ({
  getElementById: (id: string) =>
    id === "liftoff-tool-app" && text !== null ? ({ textContent: text } as HTMLElement) : null,
});

describe("readToolAppData", () => {
  it("reads the app the server put in the page, and nothing that is not one", () => {
    const saved = newSavedApp("generated", "Kit");
    const app = toPublicToolApp({
      app: { id: "a1", slug: "kit", name: "Kit", kind: "generated" },
      saved: {
        ...saved,
        tools: [{ ...emptyTool({ toolId: "t", path: "t", title: "T" }), status: "active" }],
      },
      plan: "lite",
    });
    expect(readToolAppData(docWith(JSON.stringify(app)))).toEqual(app);
    expect(readToolAppData(docWith(null))).toBeNull();
    expect(readToolAppData(docWith("{not json"))).toBeNull();
    expect(readToolAppData(docWith(JSON.stringify({ appId: "a1" })))).toBeNull();
  });
});
