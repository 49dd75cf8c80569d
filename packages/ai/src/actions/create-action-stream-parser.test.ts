import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createActionStreamParser } from "./create-action-stream-parser.ts";
import { parseActionText } from "./parse-action-text.ts";

const APP_REPLY = `I'll build a task tracker with a task list page and a Task entity.

<liftoff-group title="Task tracker">
<liftoff-action type="add_entity" file="Task" title="Task entity" read="all" write="creator">
{"name":"Task","type":"object","properties":{"title":{"type":"string"},"done":{"type":"boolean"}},"required":["title"]}
</liftoff-action>
<liftoff-action type="add_file" file="pages/Tasks.jsx" title="Task list page">
\`\`\`jsx
import { entities } from "@liftoff/sdk";

export default function Tasks() {
  return <div className="p-4">{items.length > 0 && <ul />}</div>;
}
\`\`\`
</liftoff-action>
Some notes between actions.
<liftoff-action type='edit_file' file=layout.jsx title='Add nav link'>
<<<<<<< SEARCH
      <a href="/">Home</a>
=======
      <a href="/">Home</a>
      <a href="/Tasks">Tasks</a>
>>>>>>> REPLACE
</liftoff-action>
<liftoff-action type="delete_file" file="pages/Old.jsx" title="Remove old page" />
</liftoff-group>

Your app now has a task list.`;

function parseInChunks(text: string, cuts: number[], finishReason: "stop" | "length" = "stop") {
  const parser = createActionStreamParser();
  let from = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    parser.push(text.slice(from, cut));
    from = cut;
  }
  parser.push(text.slice(from));
  return parser.finish(finishReason);
}

describe("createActionStreamParser: tags", () => {
  it("reads groups, actions, attributes and the prose around them", () => {
    const result = parseActionText(APP_REPLY);
    expect(result.groups).toEqual([
      { index: 0, title: "Task tracker", complete: true, actionIndexes: [0, 1, 2, 3] },
    ]);
    expect(result.actions.map((a) => [a.type, a.file, a.title, a.complete, a.truncated])).toEqual([
      ["add_entity", "Task", "Task entity", true, false],
      ["add_file", "pages/Tasks.jsx", "Task list page", true, false],
      ["edit_file", "layout.jsx", "Add nav link", true, false],
      ["delete_file", "pages/Old.jsx", "Remove old page", true, false],
    ]);
    expect(result.actions[0]?.permissions).toEqual({ read: "all", write: "creator" });
    expect(result.actions[1]?.permissions).toBeUndefined();
    expect(JSON.parse(result.actions[0]?.content ?? "")).toMatchObject({ name: "Task" });
    // The wrapping fence is gone, the code inside (with its '<' and '>') is intact.
    expect(result.actions[1]?.content).toBe(
      'import { entities } from "@liftoff/sdk";\n\nexport default function Tasks() {\n  return <div className="p-4">{items.length > 0 && <ul />}</div>;\n}',
    );
    expect(result.actions[2]?.content.startsWith("<<<<<<< SEARCH\n      <a href")).toBe(true);
    expect(result.actions[3]?.content).toBe("");
    expect(result.parts.map((p) => (p.type === "text" ? p.text : p.actionIndex))).toEqual([
      "I'll build a task tracker with a task list page and a Task entity.",
      0,
      1,
      "Some notes between actions.",
      2,
      3,
      "Your app now has a task list.",
    ]);
    expect(result.text).toBe(
      "I'll build a task tracker with a task list page and a Task entity.\n\nSome notes between actions.\n\nYour app now has a task list.",
    );
    expect(result.finished).toBe(true);
    expect(result.truncated).toBe(false);
  });

  it("gives the same result for the reply split at every position", () => {
    const whole = parseActionText(APP_REPLY);
    for (let cut = 0; cut <= APP_REPLY.length; cut++) {
      expect(parseInChunks(APP_REPLY, [cut]), `split at ${cut}`).toEqual(whole);
    }
  });

  it("gives the same result for every random chunking (fast-check)", () => {
    const transcripts = [APP_REPLY, FENCED_REPLY, TRUNCATED_REPLY, MESSY_REPLY, WRAPPED_REPLY];
    fc.assert(
      fc.property(
        fc.constantFrom(...transcripts),
        fc.array(fc.nat(), { maxLength: 40 }),
        fc.constantFrom("stop" as const, "length" as const),
        (text, rawCuts, reason) => {
          const cuts = rawCuts.map((c) => c % (text.length + 1));
          expect(parseInChunks(text, cuts, reason)).toEqual(parseActionText(text, reason));
        },
      ),
      { numRuns: 400 },
    );
  });

  it("shows an action as in progress while it streams and complete once closed", () => {
    const parser = createActionStreamParser();
    let r = parser.push(
      'Sure.\n<liftoff-action type="add_file" file="pages/A.jsx" title="Page A">\nexport default',
    );
    expect(r.actions).toHaveLength(1);
    expect(r.actions[0]).toMatchObject({ file: "pages/A.jsx", complete: false, content: "export default" });
    r = parser.push(" function A() {}\n</liftoff-act");
    // The half-written closing tag is not shown as content.
    expect(r.actions[0]).toMatchObject({ complete: false, content: "export default function A() {}" });
    r = parser.push("ion>\nDone.");
    expect(r.actions[0]).toMatchObject({ complete: true, content: "export default function A() {}" });
    expect(r.finished).toBe(false);
    expect(parser.finish("stop").text).toBe("Sure.\n\nDone.");
  });

  it("marks an unclosed action truncated when the model ran out of tokens, incomplete otherwise", () => {
    const length = parseActionText(TRUNCATED_REPLY, "length");
    expect(length.actions.at(-1)).toMatchObject({ file: "pages/Long.jsx", complete: false, truncated: true });
    expect(length.actions.at(-1)?.content).toBe("export default function Long() {\n  return <div>");
    expect(length.truncated).toBe(true);
    expect(length.groups[0]?.complete).toBe(false);
    const stop = parseActionText(TRUNCATED_REPLY, "stop");
    expect(stop.actions.at(-1)).toMatchObject({ complete: false, truncated: false });
    expect(stop.truncated).toBe(false);
  });

  it("drops a half-written closing tag at the end of a cut-off reply", () => {
    const r = parseActionText(
      '<liftoff-action type="add_file" file="a.js">const a = 1;\n</liftoff-ac',
      "length",
    );
    expect(r.actions[0]).toMatchObject({ content: "const a = 1;", truncated: true });
  });

  it("accepts quoting variants, aliases, upper case and JSON-escaped attributes", () => {
    const r = parseActionText(MESSY_REPLY);
    expect(r.actions.map((a) => [a.type, a.file, a.title])).toEqual([
      ["add_file", "pages/Home.jsx", "Home page"],
      ["edit_entity", "Task", "Update entity Task"],
      ["edit_file", "components/Nav.jsx", "Nav link"],
      ["unknown", "x.js", "Action x.js"],
    ]);
    expect(r.actions[1]?.permissions).toEqual({ read: "creator", write: "admin" });
    expect(r.actions.every((a) => a.complete)).toBe(true);
    // A forgotten closing tag ends the action at the next action tag.
    expect(r.actions[2]?.content).toBe("const Nav = 1;");
    expect(r.text).toContain("<liftoff-actions are not tags");
    expect(r.text).toContain("a < b and c > d");
  });

  it("drops stray closing tags and fence lines around a reply wrapped in ```xml", () => {
    const r = parseActionText(
      'Here:\n```xml\n<liftoff-action type="add_file" file="a.js">x</liftoff-action>\n```\n</liftoff-action></liftoff-group>\nBye',
    );
    expect(r.actions).toHaveLength(1);
    expect(r.parts).toEqual([
      { type: "text", text: "Here:" },
      { type: "action", actionIndex: 0 },
      { type: "text", text: "Bye" },
    ]);
  });

  it("keeps a real code block in the prose of a wrapped reply", () => {
    const r = parseActionText(WRAPPED_REPLY);
    expect(r.text).toBe("Here:\n\nBye\n```bash\nls\n```");
  });

  it("keeps a tag-like text that never closes as prose at the end", () => {
    const r = parseActionText('Look: <liftoff-action type="add_file');
    expect(r.actions).toEqual([]);
    expect(r.text).toBe('Look: <liftoff-action type="add_file');
  });

  it("closes an unclosed group when the next one opens", () => {
    const r = parseActionText(
      '<liftoff-group title="One"><liftoff-action type="add_file" file="a.js">a</liftoff-action>' +
        '<liftoff-group title="Two"><liftoff-action type="add_file" file="b.js">b</liftoff-action></liftoff-group>' +
        '<liftoff-action type="add_file" file="c.js">c</liftoff-action>',
    );
    expect(r.groups.map((g) => [g.title, g.complete, g.actionIndexes])).toEqual([
      ["One", true, [0]],
      ["Two", true, [1]],
    ]);
    expect(r.actions[2]?.groupIndex).toBeNull();
  });

  it("reads a '>' inside a quoted attribute and entity actions with records", () => {
    const text =
      '<liftoff-action type="insert_entity_records" entity="Task" title="Tasks > samples">[{"title":"a"}]</liftoff-action>' +
      '<liftoff-action type="import_entities" file="Task" read="admin">[]</liftoff-action>';
    const r = parseActionText(text);
    expect(r.actions.map((a) => [a.type, a.file, a.title, a.content, a.permissions])).toEqual([
      ["insert_entity_records", "Task", "Tasks > samples", '[{"title":"a"}]', undefined],
      ["import_entities", "Task", "Import entities Task", "[]", { read: "admin", write: "creator" }],
    ]);
    for (let cut = 0; cut <= text.length; cut++) expect(parseInChunks(text, [cut])).toEqual(r);
  });

  it("shows in-progress content that the final content continues", () => {
    const text = '<liftoff-action type="add_file" file="a.jsx">\n\nline one\n  line two\n</liftoff-action>';
    const final = parseActionText(text).actions[0]?.content ?? "";
    const parser = createActionStreamParser();
    for (const c of text) {
      const shown = parser.push(c).actions[0];
      if (shown) expect(final.startsWith(shown.content), JSON.stringify(shown.content)).toBe(true);
    }
  });

  it("refuses to take more text after finish", () => {
    const parser = createActionStreamParser();
    parser.finish();
    expect(() => parser.push("x")).toThrow();
  });
});

const FENCED_REPLY = `Here is your page:

\`\`\`jsx pages/Home.jsx
export default function Home() {
  return <h1>Home</h1>;
}
\`\`\`

And the layout:

\`\`\`jsx
// file: layout.jsx
export default function Layout({ children }) {
  return <main>{children}</main>;
}
\`\`\`

A plain snippet stays prose:

\`\`\`bash
npm start
\`\`\`

\`\`\`\`css:globals.css
body { margin: 0; }
\`\`\`
\`\`\`\``;

const WRAPPED_REPLY =
  'Here:\n```xml\n<liftoff-group title="G">\n<liftoff-action type="add_file" file="a.js">x</liftoff-action>\n</liftoff-group>\n```\n\nBye\n```bash\nls\n```';

const TRUNCATED_REPLY = `<liftoff-group title="Big app">
<liftoff-action type="add_file" file="pages/Short.jsx">
export default () => null;
</liftoff-action>
<liftoff-action type="add_file" file="pages/Long.jsx" title="Long page">
\`\`\`jsx
export default function Long() {
  return <div>`;

const MESSY_REPLY = `<LIFTOFF-ACTION Type="Create-File" FILE="./pages/Home.jsx" title = "Home page" >
export default () => <p>a < b and c > d</p>;
</LIFTOFF-ACTION >
a < b and c > d; <liftoff-actions are not tags
<liftoff-action type=update_entity entity=Task write=admin/>
<liftoff-action type=\\"edit_file\\" file=\\"components/Nav.jsx\\" title=“Nav link”>
const Nav = 1;
<liftoff-action type="frobnicate" path="x.js">
y
</liftoff-action>`;

describe("createActionStreamParser: plain code blocks", () => {
  it("turns fenced blocks that name a file into add_file actions, others stay prose", () => {
    const r = parseActionText(FENCED_REPLY);
    expect(r.actions.map((a) => [a.type, a.file, a.source, a.complete])).toEqual([
      ["add_file", "pages/Home.jsx", "code-block", true],
      ["add_file", "layout.jsx", "code-block", true],
      ["add_file", "globals.css", "code-block", true],
    ]);
    expect(r.actions[0]?.content).toBe("export default function Home() {\n  return <h1>Home</h1>;\n}");
    expect(r.actions[1]?.content.startsWith("export default function Layout")).toBe(true);
    // A four-backtick fence ends only at four backticks.
    expect(r.actions[2]?.content).toBe("body { margin: 0; }\n```");
    expect(r.text).toContain("```bash\nnpm start\n```");
  });

  it("gives the same result for the fenced reply split at every position", () => {
    const whole = parseActionText(FENCED_REPLY);
    for (let cut = 0; cut <= FENCED_REPLY.length; cut++) {
      expect(parseInChunks(FENCED_REPLY, [cut]), `split at ${cut}`).toEqual(whole);
    }
  });

  it("gives the same result for the truncated and messy replies split at every position", () => {
    for (const text of [TRUNCATED_REPLY, MESSY_REPLY]) {
      const whole = parseActionText(text, "length");
      for (let cut = 0; cut <= text.length; cut++) {
        expect(parseInChunks(text, [cut], "length"), `split at ${cut}`).toEqual(whole);
      }
    }
  });

  it("marks an unclosed fenced file block truncated on finish reason length", () => {
    const r = parseActionText("```jsx pages/A.jsx\nexport default function A() {", "length");
    expect(r.actions[0]).toMatchObject({ file: "pages/A.jsx", complete: false, truncated: true });
    expect(r.actions[0]?.content).toBe("export default function A() {");
  });

  it("streams character by character with the same final result", () => {
    for (const text of [APP_REPLY, FENCED_REPLY]) {
      const parser = createActionStreamParser();
      for (const c of text) parser.push(c);
      expect(parser.finish("stop")).toEqual(parseActionText(text));
    }
  });
});
