import { describe, expect, it } from "vitest";
import { parseToolAppPath, toolAppChatUrl, toolAppHomeUrl, toolPageUrl } from "./tool-app-path.ts";

describe("parseToolAppPath", () => {
  it("reads the home, a tool and anything else", () => {
    expect(parseToolAppPath("/")).toEqual({ kind: "home" });
    expect(parseToolAppPath("/?ref=x#top")).toEqual({ kind: "home" });
    expect(parseToolAppPath("")).toEqual({ kind: "home" });
    expect(parseToolAppPath("/tool/trip-planner")).toEqual({ kind: "tool", path: "trip-planner" });
    expect(parseToolAppPath("/tool/trip-planner/?a=1")).toEqual({ kind: "tool", path: "trip-planner" });
    expect(parseToolAppPath("/tool/")).toEqual({ kind: "unknown" });
    expect(parseToolAppPath("/tool/a/b")).toEqual({ kind: "unknown" });
    expect(parseToolAppPath("/Tasks")).toEqual({ kind: "unknown" });
    expect(parseToolAppPath("/tool/%E0%A4%A")).toEqual({ kind: "unknown" });
    expect(parseToolAppPath("/chat")).toEqual({ kind: "chat" });
    expect(parseToolAppPath("/chat/?c=1#end")).toEqual({ kind: "chat" });
    expect(parseToolAppPath("/chat/x")).toEqual({ kind: "unknown" });
    expect(parseToolAppPath("/Chat")).toEqual({ kind: "unknown" });
  });

  it("links a tool under the app's base", () => {
    expect(toolPageUrl("/app/kit", "trip-planner")).toBe("/app/kit/tool/trip-planner");
    expect(toolPageUrl("", "a b")).toBe("/tool/a%20b");
    expect(toolAppHomeUrl("/app/kit")).toBe("/app/kit");
    expect(toolAppHomeUrl("")).toBe("/");
    expect(toolAppChatUrl("/app/kit")).toBe("/app/kit/chat");
    expect(toolAppChatUrl("")).toBe("/chat");
  });
});
