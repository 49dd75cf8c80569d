import { describe, expect, it } from "vitest";
import { applyEdit } from "./apply-edit.ts";

const FILE = `import { Button } from "@/components/ui/button";

export default function Tasks() {
  const items = [];
  return (
    <div className="p-4">
      <h1>Tasks</h1>
      <Button>Add</Button>
    </div>
  );
}
`;

const block = (search: string, replace: string) =>
  `<<<<<<< SEARCH\n${search}\n=======\n${replace}\n>>>>>>> REPLACE`;

describe("applyEdit", () => {
  it("takes a body without blocks as the whole new file", () => {
    expect(applyEdit(FILE, "export default () => null;\n")).toEqual({
      ok: true,
      content: "export default () => null;\n",
    });
  });

  it("replaces an exact match", () => {
    const r = applyEdit(FILE, block("      <h1>Tasks</h1>", "      <h1>My tasks</h1>"));
    expect(r).toEqual({ ok: true, content: FILE.replace("<h1>Tasks</h1>", "<h1>My tasks</h1>") });
  });

  it("applies several blocks in order, each on the result of the previous", () => {
    const edit = [
      "Changing the title first.",
      block("      <h1>Tasks</h1>", "      <h1>Todo</h1>"),
      "Then the button:",
      block(
        "      <h1>Todo</h1>\n      <Button>Add</Button>",
        "      <h1>Todo</h1>\n      <Button>New</Button>",
      ),
    ].join("\n");
    const r = applyEdit(FILE, edit);
    expect(r.ok && r.content).toContain("<h1>Todo</h1>\n      <Button>New</Button>");
  });

  it("matches despite different indentation and keeps the file's indentation", () => {
    const r = applyEdit(
      FILE,
      block(
        "<h1>Tasks</h1>\n<Button>Add</Button>",
        "<h1>Tasks</h1>\n<p>Your list</p>\n  <small>beta</small>",
      ),
    );
    expect(r.ok).toBe(true);
    expect(r.ok && r.content).toContain(
      "      <h1>Tasks</h1>\n      <p>Your list</p>\n        <small>beta</small>\n    </div>",
    );
  });

  it("matches despite trailing blanks and blank edges in the block", () => {
    const r = applyEdit(FILE, block("\n  const items = [];   \n", "  const items = ['a'];"));
    expect(r.ok && r.content).toContain("  const items = ['a'];\n  return (");
  });

  it("re-indents with tabs in a tab-indented file", () => {
    const file = "function a() {\n\tif (x) {\n\t\treturn 1;\n\t}\n}\n";
    const r = applyEdit(file, block("  if (x) {\n    return 1;", "  if (x) {\n    return 2;"));
    expect(r).toEqual({ ok: true, content: "function a() {\n\tif (x) {\n\t\treturn 2;\n\t}\n}\n" });
  });

  it("fails on a search that is not in the file, naming the block", () => {
    const r = applyEdit(FILE, `${block("<h1>Tasks</h1>", "<h1>x</h1>")}\n${block("<h2>Nope</h2>", "")}`);
    expect(r).toEqual({
      ok: false,
      reason: "Search block 2 was not found in the file",
      failedBlock: { index: 1, search: "<h2>Nope</h2>", replace: "" },
    });
  });

  it("fails on an ambiguous search instead of guessing", () => {
    const file = "a();\nb();\na();\n";
    const exact = applyEdit(file, block("a();", "c();"));
    expect(exact).toMatchObject({ ok: false, reason: expect.stringContaining("matches 2 places") });
    const loose = applyEdit("  a();\nb();\n    a();\n", block("a();  ", "c();"));
    expect(loose).toMatchObject({ ok: false, reason: expect.stringContaining("ignoring whitespace") });
  });

  it("fails on a malformed block", () => {
    const r = applyEdit(FILE, "<<<<<<< SEARCH\n<h1>Tasks</h1>\n>>>>>>> REPLACE");
    expect(r).toEqual({ ok: false, reason: "Block 1 has no ======= line", failedBlock: null });
    const r2 = applyEdit(FILE, "<<<<<<< SEARCH\n<h1>Tasks</h1>\n=======\n<h1>x</h1>");
    expect(r2).toMatchObject({ ok: false, reason: "Block 1 has no >>>>>>> REPLACE line" });
  });

  it("accepts an empty search only for an empty file", () => {
    expect(applyEdit("", block("", "export default 1;"))).toEqual({ ok: true, content: "export default 1;" });
    expect(applyEdit(FILE, block("", "x"))).toMatchObject({
      ok: false,
      reason: expect.stringContaining("empty"),
    });
  });

  it("deletes the matched lines when the replacement is empty", () => {
    const r = applyEdit(FILE, block("      <Button>Add</Button>\n", ""));
    expect(r.ok && r.content).not.toContain("<Button>Add</Button>");
  });

  it("treats CRLF files and marker variants alike", () => {
    const r = applyEdit("a\r\nb\r\n", "<<<<<<<< search\r\nb\r\n========\r\nc\r\n>>>>>>>> replace");
    expect(r).toEqual({ ok: true, content: "a\nc\n" });
  });
});
