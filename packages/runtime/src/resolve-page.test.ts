import { describe, expect, it } from "vitest";
import { firstSegment, resolvePage } from "./resolve-page.ts";

const Home = () => null;
const Tasks = () => null;
const TaskDetails = () => null;
const app = { pages: { Home, Tasks, TaskDetails }, mainPage: "Home" };

describe("resolvePage", () => {
  it("picks the page named by the first path segment, case-insensitively", () => {
    expect(resolvePage(app, "/Tasks")).toEqual({ name: "Tasks", Page: Tasks });
    expect(resolvePage(app, "/tasks")).toEqual({ name: "Tasks", Page: Tasks });
    expect(resolvePage(app, "/TASKDETAILS/42?id=42#notes")).toEqual({
      name: "TaskDetails",
      Page: TaskDetails,
    });
  });

  it("falls back to the main page for the root and unknown names", () => {
    expect(resolvePage(app, "/").name).toBe("Home");
    expect(resolvePage(app, "").name).toBe("Home");
    expect(resolvePage(app, "/Nope").name).toBe("Home");
    expect(resolvePage(app, "/?x=1").name).toBe("Home");
  });

  it("matches the main page case-insensitively and falls back to the first page without one", () => {
    expect(resolvePage({ pages: app.pages, mainPage: "tasks" }, "/").name).toBe("Tasks");
    expect(resolvePage({ pages: app.pages, mainPage: "Gone" }, "/").name).toBe("Home");
    expect(resolvePage({ pages: app.pages, mainPage: null }, "/x").name).toBe("Home");
  });

  it("gives no component when the app has no pages", () => {
    expect(resolvePage({ pages: {}, mainPage: "Home" }, "/Home")).toEqual({ name: "Home", Page: null });
  });
});

describe("firstSegment", () => {
  it("decodes the segment and ignores query and hash", () => {
    expect(firstSegment("/Caf%C3%A9/1")).toBe("Café");
    expect(firstSegment("//Tasks")).toBe("Tasks");
    expect(firstSegment("/%E0%A4%A")).toBe("%E0%A4%A");
    expect(firstSegment("?a=/b")).toBe("");
  });
});
