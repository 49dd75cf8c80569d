import { Trash2 } from "lucide-react";
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Button } from "./button.tsx";
import { Checkbox } from "./checkbox.tsx";
import { Progress } from "./progress.tsx";
import { Select, SelectTrigger, SelectValue } from "./select.tsx";
import { Spinner } from "./spinner.tsx";
import { Switch } from "./switch.tsx";

/**
 * Issue 14: generated apps import these kit components, so each must be nameable the way the
 * builder's prompt teaches (aria-label, or an id a <Label htmlFor> points at), and its icons
 * must stay out of the accessible name.
 */
describe("kit components apps use are accessible by construction", () => {
  it("a progress bar is a progressbar with its value, named by aria-label", () => {
    const html = renderToStaticMarkup(h(Progress, { value: 40, "aria-label": "Tasks done" }));
    expect(html).toMatch(/role="progressbar"/);
    expect(html).toContain('aria-label="Tasks done"');
    expect(html).toContain('aria-valuenow="40"');
    expect(html).toContain('aria-valuemax="100"');
  });

  it("a select's trigger is a combobox that takes an id (for <Label htmlFor>) or an aria-label", () => {
    const byId = renderToStaticMarkup(
      h(Select, { value: "low" }, h(SelectTrigger, { id: "task-priority" }, h(SelectValue))),
    );
    expect(byId).toMatch(/<button[^>]*role="combobox"/);
    expect(byId).toContain('id="task-priority"');
    const byLabel = renderToStaticMarkup(
      h(Select, null, h(SelectTrigger, { "aria-label": "Filter by tag" }, h(SelectValue))),
    );
    expect(byLabel).toContain('aria-label="Filter by tag"');
    // Without an id of the caller's, the trigger still has one: the id its list is labelled by.
    expect(byLabel).toMatch(
      /<button[^>]*role="combobox"[^>]*id="[^"]+"|<button[^>]*id="[^"]+"[^>]*role="combobox"/,
    );
    // Its chevron is decoration.
    expect(byLabel).toMatch(/<svg[^>]*aria-hidden="true"/);
  });

  it("checkboxes and switches are buttons with their role and the id a label points at", () => {
    expect(renderToStaticMarkup(h(Checkbox, { id: "done" }))).toMatch(
      /<button[^>]*role="checkbox"[^>]*id="done"|<button[^>]*id="done"[^>]*role="checkbox"/,
    );
    expect(renderToStaticMarkup(h(Switch, { id: "notify" }))).toMatch(
      /<button[^>]*role="switch"[^>]*id="notify"|<button[^>]*id="notify"[^>]*role="switch"/,
    );
  });

  it("lucide icons are hidden from assistive technology, so an icon button is named by its aria-label", () => {
    const html = renderToStaticMarkup(h(Button, { size: "icon", "aria-label": "Delete task" }, h(Trash2)));
    expect(html).toMatch(/<button[^>]*aria-label="Delete task"/);
    expect(html).toMatch(/<svg[^>]*aria-hidden="true"/);
  });

  it("a spinner announces itself as loading unless it sits inside a named control", () => {
    expect(renderToStaticMarkup(h(Spinner))).toMatch(/role="status"[^>]*aria-label="Loading"/);
    expect(renderToStaticMarkup(h(Spinner, { label: null }))).toContain('aria-hidden="true"');
  });
});
