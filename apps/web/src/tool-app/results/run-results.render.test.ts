import { createRunView, type PublicBlock, RUN_MESSAGES, type RunView } from "@liftoff/domain";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RunResults, type RunResultsProps } from "./run-results.tsx";

// The web app has no DOM test setup: these render the real components to HTML on the server
// side of React (no browser needed) and read the markup. Interaction is left to e2e.

const blocks: PublicBlock[] = [
  { id: "intro", kind: "markdown", title: "Summary", validated: false },
  { id: "prices", kind: "table", title: "Prices", validated: true },
  { id: "picture", kind: "image", title: "Picture", validated: false },
];
const tool: RunResultsProps["tool"] = {
  title: "Trip planner",
  blocks,
  ctaMessage: "Want a full itinerary?",
  ctaButton: "Book a call",
  ctaLink: "https://example.com/book",
};

function view(patch: (base: RunView) => RunView): RunView {
  return patch(
    createRunView({ id: "run-1", appId: "a", toolId: "t", blocks, createdAt: "2026-11-28T10:00:00.000Z" }),
  );
}

function render(props: Partial<RunResultsProps> & { view: RunView | null }): string {
  return renderToStaticMarkup(
    createElement(RunResults, {
      tool,
      status: "streaming",
      onRetry: () => {},
      onFollowup: () => {},
      ...props,
    }),
  );
}

const streaming = view((base) => ({
  ...base,
  state: { ...base.state, phase: "loading", step: "generate" },
  blocks: [
    {
      id: "intro",
      text: "Visit [Paris](https://paris.example) <script>alert(1)</script>",
      complete: true,
      retrying: false,
    },
    { id: "prices", text: '[{"Item": "Coffee", "Pri', complete: false, retrying: false },
    { id: "picture", text: "", complete: false, retrying: false },
  ],
}));

const succeeded = view((base) => ({
  ...base,
  state: {
    ...base.state,
    phase: "success",
    step: "generate",
    blocks: { prices: "failed" },
    blockMessages: { prices: "Needs 3 rows" },
  },
  suggestions: ["Make it cheaper"],
  blocks: [
    { id: "intro", text: "Done.", complete: true, retrying: false },
    { id: "prices", text: '[{"Item": "Coffee", "Price": 3}]', complete: true, retrying: false },
    { id: "picture", text: "A canal at dusk.", complete: true, retrying: false },
  ],
}));

describe("RunResults (rendered)", () => {
  it("streams: markdown without raw HTML and with safe links, unfinished JSON shown raw, a live region", () => {
    const html = render({ view: streaming });
    expect(html).toContain('aria-live="polite"');
    expect(html).toContain('aria-busy="true"');
    expect(html).not.toContain("<script>");
    expect(html).toContain('rel="noopener noreferrer nofollow"');
    expect(html).toContain("[{&quot;Item&quot;: &quot;Coffee&quot;, &quot;Pri");
    expect(html).toContain("Checking");
    expect(html).toContain("Writing the result…");
    expect(html).not.toContain("Copy");
    expect(html).not.toContain("Book a call");
  });

  it("after success: table, image description, verdict message, actions, CTA and Creative suggestions", () => {
    const html = render({
      view: succeeded,
      status: "finished",
      interactiveFollowups: true,
      userCanEditResults: true,
    });
    expect(html).toContain("<table");
    expect(html).toContain("Generated image description");
    expect(html).toContain("Check failed");
    expect(html).toContain("Needs 3 rows");
    expect(html).toContain("Download Markdown");
    expect(html).toContain('href="https://example.com/book" target="_blank" rel="noopener noreferrer"');
    expect(html).toContain("Creative suggestions");
    expect(html).toContain("Make it cheaper");
    expect(html).toContain("Edit Summary");
  });

  it("hides follow-ups and editing unless the app turns them on", () => {
    const html = render({ view: succeeded, status: "finished" });
    expect(html).not.toContain("Creative suggestions");
    expect(html).not.toContain("Edit Summary");
  });

  it("shows a failed run's message with Try again", () => {
    const failed = view((base) => ({
      ...base,
      state: { ...base.state, phase: "error", step: "generate", errorMessage: RUN_MESSAGES.timeout },
      errorCode: "timeout",
    }));
    const html = render({ view: failed, status: "finished" });
    expect(html).toContain('role="alert"');
    expect(html).toContain(RUN_MESSAGES.timeout);
    expect(html).toContain("Try again");
    expect(html).not.toContain("Checking");
  });

  it("shows a refusal without a view, and leaves per-field messages to the form", () => {
    const limited = render({
      view: null,
      status: "failed",
      problem: {
        code: "RATE_LIMITED",
        message: "No runs left. Try again after 14:00.",
        fieldErrors: {},
        resetsAt: null,
        limit: "daily",
      },
    });
    expect(limited).toContain("Try again after 14:00.");
    expect(limited).not.toContain("<button");
    const invalid = render({
      view: null,
      status: "failed",
      problem: {
        code: "VALIDATION_FAILED",
        message: "Fix",
        fieldErrors: { email: "Bad" },
        resetsAt: null,
        limit: null,
      },
    });
    expect(invalid).toBe("");
  });
});
