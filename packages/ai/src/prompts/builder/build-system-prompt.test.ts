import { describe, expect, it } from "vitest";
import { ACCESSIBILITY_SECTION } from "./accessibility-section.ts";
import { BUILDER_PROMPT_SECTIONS, buildSystemPrompt } from "./build-system-prompt.ts";

describe("buildSystemPrompt", () => {
  const prompt = buildSystemPrompt("# The app: Reading list");

  it("joins the fixed sections in order, then the app summary", () => {
    expect(prompt.startsWith(BUILDER_PROMPT_SECTIONS[0])).toBe(true);
    expect(prompt.endsWith("\n\n# The app: Reading list")).toBe(true);
    let at = -1;
    for (const section of BUILDER_PROMPT_SECTIONS) {
      const found = prompt.indexOf(section);
      expect(found).toBeGreaterThan(at);
      at = found;
    }
  });

  it("teaches the accessibility rules generated apps follow (issue 14)", () => {
    expect(BUILDER_PROMPT_SECTIONS).toContain(ACCESSIBILITY_SECTION);
    for (const rule of [
      // Form controls labelled, with the kit's Label or aria-label.
      '<Label htmlFor="title">Title</Label> + <Input id="title" />',
      "aria-label=",
      "Placeholders are not labels",
      // Icon-only buttons and progress bars named.
      '<Button size="icon" aria-label="Delete task">',
      '<Progress value={v} aria-label="Tasks done" />',
      // Alt text, empty for decoration only.
      'alt=""',
      // Keyboard: buttons, not clickable divs.
      "never a <div>/<span> with onClick",
      // Headings and dialogs.
      "one <h1> per page",
      "without skipping levels",
      "Every Dialog/Sheet has a DialogTitle/SheetTitle",
      "every PopoverContent an aria-label",
      // Contrast through the kit's tokens.
      "text-muted-foreground",
      "no light grey text",
    ])
      expect(prompt).toContain(rule);
  });

  it("keeps the accessibility section short (the prompt is sent on every turn)", () => {
    expect(ACCESSIBILITY_SECTION.length).toBeLessThan(1500);
  });
});
