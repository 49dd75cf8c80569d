import { appErrorSchema } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { componentNameFromStack, createErrorReporter, toAppError } from "./app-error.ts";

// React 19's component stack, as passed to error boundaries in Chromium.
const COMPONENT_STACK = `
    at TaskList (http://localhost/app.js:3:10)
    at div
    at PageErrorBoundary (http://localhost/runtime/vendor/liftoff-runtime.js:1:200)
    at Layout (http://localhost/app.js:9:3)`;

describe("componentNameFromStack", () => {
  it("names the innermost app component, skipping elements and runtime wrappers", () => {
    expect(componentNameFromStack(COMPONENT_STACK)).toBe("TaskList");
    expect(componentNameFromStack("\n    at div\n    at PageErrorBoundary (x)\n    at Layout (y)")).toBe(
      "Layout",
    );
    expect(componentNameFromStack("\n    at span")).toBe("");
    expect(componentNameFromStack(undefined)).toBe("");
  });

  it("reads Firefox/Safari style frames too", () => {
    expect(componentNameFromStack("Broken@http://x/app.js:1:1\ndiv")).toBe("Broken");
  });
});

describe("toAppError", () => {
  it("builds a valid App error from an Error and a component stack", () => {
    const error = toAppError(new Error("Cannot read properties of undefined"), "render", {
      componentStack: COMPONENT_STACK,
    });
    expect(appErrorSchema.parse(error)).toEqual(error);
    expect(error).toMatchObject({
      title: "Cannot read properties of undefined",
      componentName: "TaskList",
      scope: "render",
    });
    expect(error.details).toContain("Component stack:");
  });

  it("takes the component from the error's own stack, else 'App'", () => {
    const thrown = new Error("boom");
    thrown.stack = "Error: boom\n    at Dashboard (http://x/app.js:1:1)\n    at foo (http://x/app.js:2:2)";
    expect(toAppError(thrown, "uncaught").componentName).toBe("Dashboard");
    const fromVendor = new Error("boom");
    fromVendor.stack =
      "Error: boom\n    at Xo (http://x/runtime/vendor/chunk-A.js:1:1)\n    at onClick (http://x/app.js:2:2)";
    expect(toAppError(fromVendor, "uncaught").componentName).toBe("App");
    expect(toAppError("plain string", "unhandledrejection")).toMatchObject({
      title: "plain string",
      componentName: "App",
    });
    expect(toAppError({ code: 7 }, "unhandledrejection").title).toBe('{"code":7}');
    expect(toAppError(undefined, "uncaught").title).toBe("undefined");
  });

  it("clips long messages to the contract's limits", () => {
    const error = toAppError(new Error("x".repeat(2000)), "uncaught", { componentName: "Y".repeat(500) });
    expect(error.title.length).toBeLessThanOrEqual(500);
    expect(error.componentName.length).toBeLessThanOrEqual(200);
    expect(() => appErrorSchema.parse(error)).not.toThrow();
  });
});

describe("createErrorReporter", () => {
  it("sends each (title, component) once", () => {
    const sent: string[] = [];
    const report = createErrorReporter((error) => sent.push(`${error.componentName}:${error.title}`));
    const a = toAppError(new Error("boom"), "render", { componentName: "A" });
    expect(report(a)).toBe(true);
    expect(report({ ...a, details: "other stack", scope: "uncaught" })).toBe(false);
    expect(report(toAppError(new Error("boom"), "render", { componentName: "B" }))).toBe(true);
    expect(report(toAppError(new Error("other"), "render", { componentName: "A" }))).toBe(true);
    expect(sent).toEqual(["A:boom", "B:boom", "A:other"]);
  });
});
