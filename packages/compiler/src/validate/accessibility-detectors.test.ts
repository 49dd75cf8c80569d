import { describe, expect, it } from "vitest";
import { detectAppIssues } from "./detect-app-issues.ts";
import { iconLabel } from "./icon-label.ts";
import { repairAppIssues } from "./repair-app-issues.ts";

const VENDOR_EXPORTS = {
  "lucide-react": ["Plus", "Trash2", "Search", "CalendarDays", "X"],
  "@/components/ui/button": ["Button"],
  "@/components/ui/input": ["Input"],
  "@/components/ui/label": ["Label"],
  "@/components/ui/select": ["Select", "SelectTrigger", "SelectValue"],
  "@/components/ui/checkbox": ["Checkbox"],
  "@/components/ui/switch": ["Switch"],
  "@/components/ui/textarea": ["Textarea"],
  "@/components/ui/dialog": ["Dialog", "DialogContent", "DialogHeader", "DialogTitle", "DialogFooter"],
  "@/components/ui/sheet": ["Sheet", "SheetContent", "SheetHeader", "SheetTitle"],
  "@/components/ui/popover": ["Popover", "PopoverTrigger", "PopoverContent"],
  "@/components/ui/calendar": ["Calendar"],
};

const IMPORTS = `import { Plus, Trash2, Search, CalendarDays, X as Close } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Checkbox } from "@/components/ui/checkbox";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
`;

/** A page whose JSX is `body`, the imports on lines 1 to 8, the return on line 10. */
function page(body: string): Record<string, string> {
  return {
    "pages/Home.jsx": `${IMPORTS}export default function Home({ task, props, id }) {\n  return (${body});\n}\n`,
  };
}

const DIALOG_IMPORTS = `import { Dialog, DialogContent, DialogHeader, DialogTitle, DialogFooter } from "@/components/ui/dialog";
import { Sheet, SheetContent, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { Popover, PopoverTrigger, PopoverContent } from "@/components/ui/popover";
import { Calendar } from "@/components/ui/calendar";
import * as UI from "@/components/ui/dialog";
import TaskForm from "@/components/TaskForm";
`;

/** Like page(), with the kit's dialogs imported too: the return is on line 16. */
function dialogPage(body: string, before = ""): Record<string, string> {
  return {
    "pages/Home.jsx": `${IMPORTS}${DIALOG_IMPORTS}${before}export default function Home({ task, props, id, open, children, header }) {\n  return (${body});\n}\n`,
  };
}

function detect(files: Record<string, string>) {
  return detectAppIssues({ files, entityNames: [], diagnostics: [], vendorExports: VENDOR_EXPORTS }).issues;
}

/** The issues of one detector, as [line, message]. */
function found(files: Record<string, string>, detectorId: string) {
  return detect(files)
    .filter((issue) => issue.detectorId === detectorId)
    .map((issue) => [issue.line, issue.message]);
}

function repair(files: Record<string, string>) {
  const issues = detect(files);
  const result = repairAppIssues(files, issues, VENDOR_EXPORTS);
  return { ...result, source: result.changed.get("pages/Home.jsx") ?? null };
}

describe("accessibility detectors", () => {
  it("are warnings with the file, component and line, and never make a version unservable", () => {
    const issues = detect(
      page(
        `<div>\n<input />\n<img src="/a.png" />\n<div onClick={go}>Go</div>\n<button><Trash2 /></button>\n<div role="dialog">Saved</div>\n</div>`,
      ),
    );
    expect(issues.map((i) => [i.detectorId, i.line, i.severity, i.componentName, i.fileId])).toEqual([
      ["unlabelled-control", 11, "warning", "Home", "pages/Home.jsx"],
      ["image-without-alt", 12, "warning", "Home", "pages/Home.jsx"],
      ["click-without-keyboard", 13, "warning", "Home", "pages/Home.jsx"],
      ["unnamed-button", 14, "warning", "Home", "pages/Home.jsx"],
      ["dialog-without-title", 15, "warning", "Home", "pages/Home.jsx"],
    ]);
  });

  describe("form controls without a label", () => {
    it("reports native and kit controls with no label, only a placeholder, or an id no label points at", () => {
      const files = page(`<form>
<input type="text" placeholder="Title" />
<select><option>A</option></select>
<textarea />
<Input placeholder="Search" />
<Textarea />
<Checkbox />
<Switch />
<Select><SelectTrigger><SelectValue placeholder="Priority" /></SelectTrigger></Select>
<Label htmlFor="name">Name</Label><Input id="email" />
</form>`);
      const lines = found(files, "unlabelled-control");
      expect(lines.map(([line]) => line)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19]);
      expect(lines[3]?.[1]).toBe(
        "<Input> has no label: give it an id and a <Label htmlFor> with that id, wrap it in a <Label>, or add aria-label (a placeholder is not a label)",
      );
      expect(lines[7]?.[1]).toContain("<SelectTrigger>");
    });

    it("accepts a matching htmlFor (literal or expression), a wrapping label, aria-label, aria-labelledby and title", () => {
      const files = page(`<form>
<Label htmlFor="title">Title</Label><Input id="title" />
<label htmlFor={\`due-\${task.id}\`}>Due</label><input id={\`due-\${task.id}\`} type="date" />
<label>Done <input type="checkbox" /></label>
<Label className="flex gap-2"><Checkbox /> Urgent</Label>
<Input aria-label="Search tasks" />
<Switch aria-labelledby="notify-label" />
<textarea title="Notes" />
<Select><SelectTrigger id="priority"><SelectValue /></SelectTrigger></Select><Label htmlFor="priority">Priority</Label>
<input type="hidden" name="x" /><input type="submit" value="Save" />
<Input {...props} /><Input id={id} />
</form>`);
      expect(found(files, "unlabelled-control")).toEqual([]);
    });

    it("leaves a component named like a kit control alone when it is not the kit's", () => {
      const files = {
        "pages/Home.jsx": `import Input from "@/components/MyInput";\nexport default function Home() { return <Input />; }\n`,
      };
      expect(found(files, "unlabelled-control")).toEqual([]);
    });
  });

  describe("images without alt", () => {
    it("reports an <img> with no alt", () => {
      expect(found(page(`<img src={task.photo} />`), "image-without-alt")).toEqual([
        [10, `<img> has no alt text: describe what it shows in alt, or use alt="" if it is only decoration`],
      ]);
    });

    it("accepts alt (empty for decoration), aria-label, hidden or presentational images, and spread props", () => {
      const files = page(`<div>
<img src="/a.png" alt="Team photo" />
<img src="/line.svg" alt="" />
<img src={task.photo} alt={task.title} />
<img src="/b.png" aria-label="Logo" />
<img src="/c.png" aria-hidden="true" />
<img src="/d.png" role="presentation" />
<img {...props} />
</div>`);
      expect(found(files, "image-without-alt")).toEqual([]);
    });

    it("repairs only from the image's own title; otherwise it only reports", () => {
      const { source, repairedFiles } = repair(
        page(
          `<div><img src="/a.png" title="Our studio" /><img src={task.photo} title={task.title} /><img src="/b.png" /></div>`,
        ),
      );
      expect(repairedFiles).toEqual([{ fileId: "pages/Home.jsx", issuesFixed: 2 }]);
      expect(source).toContain(`<img alt="Our studio" src="/a.png" title="Our studio" />`);
      expect(source).toContain(`<img alt={task.title} src={task.photo} title={task.title} />`);
      expect(found({ "pages/Home.jsx": source as string }, "image-without-alt")).toEqual([
        [10, `<img> has no alt text: describe what it shows in alt, or use alt="" if it is only decoration`],
      ]);
    });
  });

  describe("click handlers on non-interactive elements", () => {
    it("reports a clickable div, span or li without role, tabIndex and a key handler, saying what is missing", () => {
      const files = page(`<ul>
<li onClick={() => open(task)}>{task.title}</li>
<div onClick={go} role="button">Go</div>
<span onClick={go} role="button" tabIndex={0}>Go</span>
</ul>`);
      expect(found(files, "click-without-keyboard")).toEqual([
        [
          11,
          '<li onClick> cannot be reached or used with the keyboard (missing role="button", tabIndex={0}, onKeyDown): use a <Button> or <Link> instead',
        ],
        [
          12,
          "<div onClick> cannot be reached or used with the keyboard (missing tabIndex={0}, onKeyDown): use a <Button> or <Link> instead",
        ],
        [
          13,
          "<span onClick> cannot be reached or used with the keyboard (missing onKeyDown): use a <Button> or <Link> instead",
        ],
      ]);
    });

    it("accepts buttons, links, complete keyboard support, hidden elements, stopPropagation and spread props", () => {
      const files = page(`<div>
<button onClick={go}>Go</button>
<a href="#x" onClick={go}>Go</a>
<div onClick={go} role="button" tabIndex={0} onKeyDown={onKey}>Go</div>
<div onClick={close} aria-hidden="true" className="fixed inset-0" />
<div onClick={(e) => e.stopPropagation()}><Input aria-label="Name" /></div>
<div {...props} onClick={go}>Drag me</div>
</div>`);
      expect(found(files, "click-without-keyboard")).toEqual([]);
    });

    it("makes a clickable box with content a keyboard button, and repairs nothing it cannot be sure of", () => {
      const files = page(`<div>
<div className="card" onClick={() => open(task)}>{task.title}</div>
<div className="backdrop" onClick={close} />
<div onClick={go}>Open <button>Delete</button></div>
<div onClick={go} role="row">Row</div>
</div>`);
      const { source, repairedFiles } = repair(files);
      expect(repairedFiles).toEqual([{ fileId: "pages/Home.jsx", issuesFixed: 1 }]);
      expect(source).toContain(
        `<div role="button" tabIndex={0} onKeyDown={(event) => { if (event.target === event.currentTarget && (event.key === "Enter" || event.key === " ")) { event.preventDefault(); event.currentTarget.click(); } }} className="card" onClick={() => open(task)}>{task.title}</div>`,
      );
      const after = found({ "pages/Home.jsx": source as string }, "click-without-keyboard");
      expect(after.map(([line]) => line)).toEqual([12, 13, 14]);
    });
  });

  describe("buttons without a name", () => {
    it("reports native and kit buttons whose only content is icons, an svg or a decorative image", () => {
      const files = page(`<div>
<Button size="icon"><Trash2 className="size-4" /></Button>
<button type="button"><Close /></button>
<Button variant="ghost"><svg viewBox="0 0 4 4"><path d="M0 0h4" /></svg></Button>
<button><img src="/x.png" alt="" /></button>
<Button><Plus /><CalendarDays /></Button>
<Button />
</div>`);
      const issues = found(files, "unnamed-button");
      expect(issues.map(([line]) => line)).toEqual([11, 12, 13, 14, 15, 16]);
      expect(issues[0]?.[1]).toBe(
        '<Button> has no text (only the icon Trash2), so screen readers cannot say what it does: add aria-label="…" naming its action',
      );
      expect(issues[1]?.[1]).toContain("<button> has no text (only the icon X)");
    });

    it("accepts text, expressions and other components (which may render text), sr-only text, names and spread props", () => {
      const files = page(`<div>
<Button><Plus /> Add task</Button>
<Button>{task.title}</Button>
<Button size="icon"><Trash2 /><span className="sr-only">Delete task</span></Button>
<Button size="icon" aria-label="Delete task"><Trash2 /></Button>
<button title="Search"><Search /></button>
<Button asChild><Link to="/x" /></Button>
<button><img src="/logo.png" alt="Home" /></button>
<Button {...props} />
</div>`);
      expect(found(files, "unnamed-button")).toEqual([]);
    });

    it("names a button with one icon after the icon; several icons or none are only reported", () => {
      const { source, repairedFiles } = repair(
        page(
          `<div><Button size="icon"><Trash2 /></Button><button><Close /></button><Button><CalendarDays /></Button><Button><Plus /><Search /></Button></div>`,
        ),
      );
      expect(repairedFiles).toEqual([{ fileId: "pages/Home.jsx", issuesFixed: 3 }]);
      expect(source).toContain(`<Button aria-label="Delete" size="icon"><Trash2 /></Button>`);
      expect(source).toContain(`<button aria-label="Close"><Close /></button>`);
      expect(source).toContain(`<Button aria-label="Calendar days"><CalendarDays /></Button>`);
      expect(found({ "pages/Home.jsx": source as string }, "unnamed-button")).toHaveLength(1);
    });
  });

  describe("dialogs without a title", () => {
    it("reports kit dialogs with no title part, and popovers, dialog roles and <dialog> with no name", () => {
      const files = dialogPage(`<div>
<Dialog open={open}><DialogContent>
  <DialogHeader><h2 className="text-lg font-semibold">Edit task</h2></DialogHeader>
  <form>
    <Label htmlFor="t">Title</Label><Input id="t" value={task.title} />
    <Select><SelectTrigger id="p"><SelectValue /></SelectTrigger></Select>
    {task.tags.map((tag) => <p key={tag}>{tag}</p>)}
    {task.error && <p className="text-destructive">{task.error}</p>}
    <p>{task.done ? "Done" : \`\${task.count} left\`}</p>
  </form>
  <DialogFooter><Button>Save</Button></DialogFooter>
</DialogContent></Dialog>
<Sheet><SheetContent side="left"><nav>Menu</nav></SheetContent></Sheet>
<Popover><PopoverTrigger asChild><Button>Pick a date</Button></PopoverTrigger><PopoverContent className="w-auto p-0"><Calendar mode="single" /></PopoverContent></Popover>
<div role="dialog" className="fixed inset-0"><h3>Saved</h3></div>
<section role="alertdialog"><p>Delete this task?</p></section>
<dialog open={open}><p>Hello</p></dialog>
<UI.DialogContent><p>Namespaced</p></UI.DialogContent>
</div>`);
      const issues = found(files, "dialog-without-title");
      expect(issues.map(([line]) => line)).toEqual([17, 28, 29, 30, 31, 32, 33]);
      expect(issues[0]?.[1]).toBe(
        '<DialogContent> has no <DialogTitle>, so screen readers announce it as just "dialog": put a <DialogTitle> inside it (className="sr-only" hides it), or add aria-label="…"',
      );
      expect(issues[1]?.[1]).toContain("<SheetContent> has no <SheetTitle>");
      expect(issues[2]?.[1]).toBe(
        '<PopoverContent> has no name, so screen readers announce it as just "dialog": add aria-label="…" saying what it holds, or aria-labelledby with the id of its heading',
      );
      expect(issues[3]?.[1]).toContain('<div role="dialog"> has no name');
      expect(issues[4]?.[1]).toContain(
        '<section role="alertdialog"> has no name, so screen readers announce it as just "alert dialog"',
      );
      expect(issues[5]?.[1]).toContain("<dialog> has no name");
      expect(issues[6]?.[1]).toContain("<UI.DialogContent> has no <DialogTitle>");
    });

    it("accepts a title part (any of the kit's, at any depth), a name, and spread props", () => {
      const files = dialogPage(`<div>
<DialogContent><DialogHeader><DialogTitle>Edit task</DialogTitle></DialogHeader><form /></DialogContent>
<DialogContent><div className="grid"><DialogTitle className="sr-only">{task.title}</DialogTitle></div></DialogContent>
<SheetContent><SheetHeader><SheetTitle>Menu</SheetTitle></SheetHeader></SheetContent>
<SheetContent><DialogTitle>Filters</DialogTitle></SheetContent>
<UI.DialogContent><UI.DialogTitle>Namespaced</UI.DialogTitle></UI.DialogContent>
<DialogContent aria-label="Task details"><p>Body</p></DialogContent>
<DialogContent aria-labelledby="details-title"><h2 id="details-title">Details</h2></DialogContent>
<PopoverContent aria-label="Due date"><Calendar mode="single" /></PopoverContent>
<div role="dialog" aria-labelledby="confirm-title"><h2 id="confirm-title">Sure?</h2></div>
<dialog title="Help"><p>Hello</p></dialog>
<DialogContent {...props} />
<div role={props.role}><p>Maybe a dialog</p></div>
<div role="region"><p>Not a dialog</p></div>
</div>`);
      expect(found(files, "dialog-without-title")).toEqual([]);
    });

    it("leaves a kit dialog alone when its title may come through a variable, a prop or a child component", () => {
      const files = dialogPage(`<div>
<DialogContent><TaskForm task={task} /></DialogContent>
<DialogContent>{header}<p>Body</p></DialogContent>
<DialogContent><DialogHeader>{props.title}</DialogHeader></DialogContent>
<DialogContent>{children}</DialogContent>
<DialogContent>{open ? header : null}</DialogContent>
<DialogContent>{open && header}</DialogContent>
<DialogContent><div children={header} /></DialogContent>
<DialogContent><div {...props} /></DialogContent>
<DialogContent>{task.renderTitle()}</DialogContent>
<DialogContent>{task.items.map((item) => item.node)}</DialogContent>
<DialogContent><Shell /></DialogContent>
<DialogContent><span>Only text here</span></DialogContent>
</div>`);
      // Each dialog but the last (whose content is all visible) may get its title from outside.
      expect(found(files, "dialog-without-title").map(([line]) => line)).toEqual([28]);
      // A component of the file: it may render the title.
      const local = dialogPage(
        `<DialogContent><Header /><p>Body</p></DialogContent>`,
        `function Header() {\n  return <DialogTitle>Edit</DialogTitle>;\n}\n`,
      );
      expect(found(local, "dialog-without-title")).toEqual([]);
      // A title kept in a variable may be placed anywhere, even where only text is expected.
      const variable = dialogPage(
        `<DialogContent><DialogHeader><span>{heading}</span></DialogHeader></DialogContent>`,
        `const heading = <DialogTitle>Edit</DialogTitle>;\n`,
      );
      expect(found(variable, "dialog-without-title")).toEqual([]);
      expect(
        found(
          dialogPage(`<DialogContent><DialogHeader><span>{task.title}</span></DialogHeader></DialogContent>`),
          "dialog-without-title",
        ),
      ).toHaveLength(1);
      // An app component given role="dialog" may not pass it on, or may name itself.
      const component = {
        "pages/Home.jsx": `import Modal from "@/components/Modal";\nexport default function Home() { return <Modal role="dialog"><p>Hi</p></Modal>; }\n`,
      };
      expect(found(component, "dialog-without-title")).toEqual([]);
      // A component named like the kit's that is not the kit's.
      const other = {
        "pages/Home.jsx": `import { DialogContent } from "@/components/MyDialog";\nexport default function Home() { return <DialogContent><p>Hi</p></DialogContent>; }\n`,
      };
      expect(found(other, "dialog-without-title")).toEqual([]);
    });

    it("names a dialog after its one plain-text heading; anything less certain is only reported", () => {
      const files = dialogPage(`<div>
<DialogContent><DialogHeader><h2>Edit task</h2></DialogHeader><Input aria-label="Title" {...props} /></DialogContent>
<div role="alertdialog"><h2>
  Delete "Groceries"?
</h2><Button>Delete</Button></div>
<PopoverContent><h3>Due date</h3><Calendar mode="single" /></PopoverContent>
<DialogContent><h2>Edit {task.title}</h2></DialogContent>
<DialogContent><h2>One</h2><h3>Two</h3></DialogContent>
<div role="dialog"><h2>Edit</h2><TaskForm /></div>
<SheetContent><p>No heading</p></SheetContent>
</div>`);
      const { source, repairedFiles } = repair(files);
      expect(repairedFiles).toEqual([{ fileId: "pages/Home.jsx", issuesFixed: 3 }]);
      expect(source).toContain(
        `<DialogContent aria-label="Edit task"><DialogHeader><h2>Edit task</h2></DialogHeader>`,
      );
      expect(source).toContain(`<div aria-label={"Delete \\"Groceries\\"?"} role="alertdialog">`);
      expect(source).toContain(`<PopoverContent aria-label="Due date"><h3>Due date</h3>`);
      const after = found({ "pages/Home.jsx": source as string }, "dialog-without-title");
      expect(after.map(([line]) => line)).toEqual([22, 23, 24, 25]);
    });
  });

  it("names icons by their action, or in words", () => {
    expect(
      ["Trash2", "X", "XIcon", "LucidePlus", "CalendarDays", "Settings2", "ChevronRight"].map(iconLabel),
    ).toEqual(["Delete", "Close", "Close", "Add", "Calendar days", "Settings", "Next"]);
  });

  it("repairs accessibility without vendor exports too, and keeps import repairs in the same file", () => {
    const files = {
      "pages/Home.jsx": `import { Trash2 } from "lucide-react";\nexport default function Home() {\n  return <Card><button><Trash2 /></button></Card>;\n}\n`,
    };
    const issues = detect(files);
    const without = repairAppIssues(files, issues, undefined);
    expect(without.changed.get("pages/Home.jsx")).toContain(`<button aria-label="Delete">`);
    const withVendor = repairAppIssues(files, issues, {
      ...VENDOR_EXPORTS,
      "@/components/ui/card": ["Card"],
    });
    const repaired = withVendor.changed.get("pages/Home.jsx") as string;
    expect(repaired.split("\n")[0]).toBe('import { Card } from "@/components/ui/card";');
    expect(repaired).toContain(`<button aria-label="Delete">`);
    expect(withVendor.repairedFiles).toEqual([{ fileId: "pages/Home.jsx", issuesFixed: 2 }]);
    expect(detect({ "pages/Home.jsx": repaired })).toEqual([]);
  });
});
