import type { Diagnostic } from "@liftoff/domain";
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { fixLabel, resolveAllMessage } from "./fix-label.ts";
import { IssuePanel } from "./issue-panel.tsx";

const warning: Diagnostic = {
  file: "pages/Home.jsx",
  line: 3,
  column: 24,
  message: 'Duplicate "className" attribute in JSX element',
  severity: "warning",
};
const error: Diagnostic = { ...warning, line: 2, message: "Unexpected end of file", severity: "error" };

/** The issue panel, expanded, with the AI available, as the builder shows it. */
const panel = (diagnostics: Diagnostic[]) =>
  renderToStaticMarkup(
    h(IssuePanel, {
      issues: [],
      diagnostics,
      expanded: true,
      onToggle: () => undefined,
      onSuppress: () => undefined,
      onSendToChat: () => undefined,
    }),
  );

/** The text of each fix button, in order. */
const fixButtons = (html: string) =>
  [...html.matchAll(/<button[^>]*data-testid="issue-fix"[^>]*>(.*?)<\/button>/g)].map((m) =>
    (m[1] ?? "").replace(/<[^>]+>/g, ""),
  );

describe("fix buttons are named for the severity they fix", () => {
  it("says warning for a warning and error for an error", () => {
    expect(fixLabel("warning")).toBe("Fix this warning");
    expect(fixLabel("error")).toBe("Fix this error");
  });

  it("a panel with one warning offers 'Fix this warning', never 'Fix this error'", () => {
    const html = panel([warning]);
    expect(fixButtons(html)).toEqual(["Fix this warning"]);
    expect(html).not.toContain("Fix this error");
    expect(html).toContain("1 warning");
  });

  it("names each item's button by its own severity when errors and warnings mix", () => {
    expect(fixButtons(panel([error, warning]))).toEqual(["Fix this error", "Fix this warning"]);
  });

  it("sends 'Resolve with AI' as the one item's fix, or all of them by kind", () => {
    expect(resolveAllMessage({ total: 1, onlyWarnings: true })).toBe("Fix this warning");
    expect(resolveAllMessage({ total: 1, onlyWarnings: false })).toBe("Fix this error");
    expect(resolveAllMessage({ total: 3, onlyWarnings: true })).toBe("Resolve these warnings");
    expect(resolveAllMessage({ total: 3, onlyWarnings: false })).toBe("Resolve these errors");
  });
});
