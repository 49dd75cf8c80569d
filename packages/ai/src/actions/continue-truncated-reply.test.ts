import { describe, expect, it } from "vitest";
import { continueTruncatedReply } from "./continue-truncated-reply.ts";
import { parseActionText } from "./parse-action-text.ts";

const CUT = `Building it.
<liftoff-group title="Todo app">
<liftoff-action type="add_entity" file="Task">{"name":"Task","type":"object","properties":{}}</liftoff-action>
<liftoff-action type="add_file" file="pages/Tasks.jsx" title="Task page">
export default function Tasks() {
  return (`;

describe("continueTruncatedReply", () => {
  it("replaces the truncated action by its repeated copy, keeping it in its group", () => {
    const continuation = `Continuing.
<liftoff-group title="Todo app">
<liftoff-action type="add_file" file="pages/Tasks.jsx" title="Task page">
export default function Tasks() {
  return <div>Tasks</div>;
}
</liftoff-action>
</liftoff-group>
All done.`;
    const r = parseActionText(continueTruncatedReply(CUT, continuation));
    expect(r.actions.map((a) => [a.type, a.file, a.complete, a.truncated, a.groupIndex])).toEqual([
      ["add_entity", "Task", true, false, 0],
      ["add_file", "pages/Tasks.jsx", true, false, 0],
    ]);
    expect(r.actions[1]?.content).toBe("export default function Tasks() {\n  return <div>Tasks</div>;\n}");
    expect(r.groups).toHaveLength(1);
    expect(r.text).toBe("Building it.\n\nAll done.");
  });

  it("appends a continuation that carries on mid-body", () => {
    const r = parseActionText(
      continueTruncatedReply(CUT, " <div>Tasks</div> );\n}\n</liftoff-action>\n</liftoff-group>"),
    );
    expect(r.actions[1]).toMatchObject({ complete: true, truncated: false });
    expect(r.actions[1]?.content).toBe(
      "export default function Tasks() {\n  return ( <div>Tasks</div> );\n}",
    );
  });

  it("just appends when nothing was cut off", () => {
    expect(continueTruncatedReply("Done.", " More.")).toBe("Done. More.");
  });
});
