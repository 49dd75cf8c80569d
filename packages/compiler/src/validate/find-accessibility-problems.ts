import type { AccessibilityDetectorId } from "./app-issue.ts";
import { type JsxAttribute, type JsxElementFact, jsxNameOf } from "./collect-jsx-elements.ts";
import { iconLabel } from "./icon-label.ts";
import type { AstNode, ModuleFacts } from "./parse-app-module.ts";

/** One accessibility problem in a file, and its certain fix when there is one. */
export type AccessibilityProblem = {
  detectorId: AccessibilityDetectorId;
  message: string;
  line: number;
  /** Text to insert at a source offset (after the tag's name), when the fix is certain. */
  fix: { at: number; text: string } | null;
};

const KIT_PREFIX = "@/components/ui/";
/** Native and kit controls that need a label (the kit's Select is named on its trigger). */
const HTML_CONTROLS = new Set(["input", "select", "textarea"]);
const KIT_CONTROLS = new Set(["Input", "Textarea", "Checkbox", "Switch", "SelectTrigger"]);
/** Input types named by their own value or never shown. */
const SELF_NAMED_INPUTS = new Set(["hidden", "submit", "button", "reset", "image"]);
const NON_INTERACTIVE = new Set([
  ..."div span li p section article td tr th img ul ol dl dt dd main header footer nav aside figure".split(
    " ",
  ),
  ..."h1 h2 h3 h4 h5 h6 i strong em small b".split(" "),
]);
const INTERACTIVE_HTML = new Set(["a", "button", "input", "select", "textarea", "summary", "details"]);
const KEY_HANDLERS = ["onKeyDown", "onKeyUp", "onKeyPress"];
const NAME_ATTRIBUTES = ["aria-label", "aria-labelledby", "title"];
/**
 * The kit's dialogs, content → title part. Each is a Radix Dialog: its content has
 * role="dialog" and is named by the title part inside it (any of them: all are Radix's
 * Dialog.Title). AlertDialog is not in the runtime kit (its import is already an error),
 * but it is shadcn's API, so a model may write it.
 */
const KIT_DIALOGS = new Map([
  ["DialogContent", "DialogTitle"],
  ["SheetContent", "SheetTitle"],
  ["AlertDialogContent", "AlertDialogTitle"],
]);
const KIT_TITLES = new Set(KIT_DIALOGS.values());
/** Radix gives a popover's content role="dialog" too, but no title part: only its attributes name it. */
const KIT_POPOVER = "PopoverContent";
const DIALOG_ROLES = new Set(["dialog", "alertdialog"]);
/** Elements whose content is text: an expression inside them is a value, not a title element. */
const TEXT_LEVEL = new Set([
  ..."p span label strong em small b i a button option li td th dt dd code pre figcaption legend caption".split(
    " ",
  ),
  ..."h1 h2 h3 h4 h5 h6".split(" "),
]);
/** Fields, native and kit, which render no children. */
const NO_CHILDREN = new Set(["input", "textarea", "img", "Input", "Textarea"]);
const KIT_TEXT_LEVEL = /(Button|Badge|Label|Title|Description|Message|Item|Value|Cell|Head|Trigger)$/;

/**
 * What the accessibility detectors can see in one file's JSX: form controls without a label,
 * images without alt text, click handlers on elements the keyboard cannot reach, buttons
 * without a name, and dialogs without a title or name. They report only what is certain
 * from this file: an element with spread props, or whose name or label could come from
 * elsewhere, is left alone.
 */
export function findAccessibilityProblems(facts: ModuleFacts): AccessibilityProblem[] {
  const kit = new Map<string, string>();
  const icons = new Map<string, string>();
  for (const imp of facts.imports) {
    if (imp.source.startsWith(KIT_PREFIX)) kit.set(imp.local, imp.imported);
    if (imp.source === "lucide-react" && imp.imported !== "*" && imp.imported !== "default")
      icons.set(imp.local, imp.imported);
  }
  const kitName = (tag: string) => kit.get(tag) ?? null;
  const sources = new Map(facts.imports.map((imp) => [imp.local, imp.source]));
  const dialogs: DialogScope = {
    // `<UI.DialogTitle>` with `import * as UI from "@/components/ui/dialog"` is the kit's too.
    kitPart: (tag) => {
      const dot = tag.indexOf(".");
      if (dot < 0) return kitName(tag);
      return kit.get(tag.slice(0, dot)) === "*" ? tag.slice(dot + 1) : null;
    },
    // The app's own components (and `props.as`-style tags) may render a title we cannot see;
    // a package's (react-router-dom's Link, framer-motion's motion.div) only renders the
    // children written here.
    hidesContent: (tag) => {
      const root = tag.split(".")[0] as string;
      if (!tag.includes(".") && !/^[A-Z]/.test(tag)) return false;
      if (kit.has(root) || icons.has(root)) return false;
      const source = sources.get(root);
      return source === undefined || source.startsWith("@/") || source.startsWith(".");
    },
    titleOutsideDialog: false,
  };
  // A kit title outside every kit dialog content (in a variable, a helper, a child
  // component of this file) may end up inside any of them: no dialog of the file is certain.
  dialogs.titleOutsideDialog = facts.elements.some(
    (element) =>
      KIT_TITLES.has(dialogs.kitPart(element.name) ?? "") &&
      !element.ancestors.some((tag) => KIT_DIALOGS.has(dialogs.kitPart(tag) ?? "")),
  );

  // Ids that a <label htmlFor> or <Label htmlFor> in this file points at, by their source.
  const labelled = new Set<string>();
  for (const element of facts.elements) {
    const target = element.attributes.get("htmlFor");
    if (target) labelled.add(attributeKey(target));
  }

  const problems: AccessibilityProblem[] = [];
  for (const element of facts.elements) {
    const tag = element.name;
    const kitTag = kitName(tag);
    const shown = `<${tag}>`;

    if (HTML_CONTROLS.has(tag) || (kitTag && KIT_CONTROLS.has(kitTag))) {
      if (!controlIsLabelled(element, labelled, kitName))
        problems.push({
          detectorId: "unlabelled-control",
          message: `${shown} has no label: give it an id and a <Label htmlFor> with that id, wrap it in a <Label>, or add aria-label (a placeholder is not a label)`,
          line: element.line,
          fix: null,
        });
      continue;
    }

    if (tag === "img") {
      const problem = imageProblem(element);
      if (problem) problems.push(problem);
    }

    if (NON_INTERACTIVE.has(tag) && element.attributes.has("onClick")) {
      const problem = clickProblem(element, icons, kitName);
      if (problem) problems.push(problem);
    }

    if (tag === "button" || kitTag === "Button") {
      const problem = buttonProblem(element, icons);
      if (problem) problems.push(problem);
    }

    const dialog = dialogProblem(element, dialogs);
    if (dialog) problems.push(dialog);
  }
  return problems;
}

function attributeKey(attribute: JsxAttribute): string {
  return attribute.kind === "string"
    ? `"${attribute.value}"`
    : attribute.kind === "expression"
      ? attribute.source
      : "";
}

function hasName(element: JsxElementFact): boolean {
  return NAME_ATTRIBUTES.some((name) => {
    const value = element.attributes.get(name);
    return value !== undefined && !(value.kind === "string" && value.value.trim() === "");
  });
}

function isTrue(attribute: JsxAttribute | undefined): boolean {
  return (
    attribute?.kind === "bare" ||
    (attribute?.kind === "string" && attribute.value === "true") ||
    (attribute?.kind === "expression" && attribute.source === "true")
  );
}

function controlIsLabelled(
  element: JsxElementFact,
  labelled: Set<string>,
  kitName: (tag: string) => string | null,
): boolean {
  if (element.hasSpread || hasName(element) || isTrue(element.attributes.get("aria-hidden"))) return true;
  const type = element.attributes.get("type");
  if (element.name === "input" && type?.kind === "string" && SELF_NAMED_INPUTS.has(type.value)) return true;
  // A computed type may be hidden or submit: not certain enough to report.
  if (element.name === "input" && type?.kind === "expression") return true;
  // Wrapped in a label, or in a kit form field, which links its FormLabel to the control.
  for (const ancestor of element.ancestors) {
    if (ancestor === "label" || kitName(ancestor) === "Label") return true;
    if (/^Form(Control|Item|Field)$/.test(kitName(ancestor) ?? "")) return true;
  }
  const id = element.attributes.get("id");
  if (!id) return false;
  // An id from an expression may be labelled by the component that renders this one.
  return id.kind === "expression" || labelled.has(attributeKey(id));
}

function imageProblem(element: JsxElementFact): AccessibilityProblem | null {
  const { attributes } = element;
  if (element.hasSpread || attributes.has("alt") || attributes.has("aria-label")) return null;
  if (attributes.has("aria-labelledby") || isTrue(attributes.get("aria-hidden"))) return null;
  const role = attributes.get("role");
  if (role?.kind === "string" && (role.value === "presentation" || role.value === "none")) return null;
  // The one certain text: the image's own title, which says what it shows.
  const title = attributes.get("title");
  const fix =
    title?.kind === "string" && title.value.trim()
      ? { at: element.nameEnd, text: ` alt=${JSON.stringify(title.value)}` }
      : title?.kind === "expression"
        ? { at: element.nameEnd, text: ` alt={${title.source}}` }
        : null;
  return {
    detectorId: "image-without-alt",
    message: `<img> has no alt text: describe what it shows in alt, or use alt="" if it is only decoration`,
    line: element.line,
    fix,
  };
}

/** `(e) => e.stopPropagation()`: a click handler that only keeps a click from bubbling. */
function onlyStopsPropagation(handler: JsxAttribute | undefined): boolean {
  if (handler?.kind !== "expression") return false;
  return /^\(?\s*\w+\s*\)?\s*=>\s*\{?\s*\w+\.stopPropagation\(\);?\s*\}?$/.test(handler.source);
}

function clickProblem(
  element: JsxElementFact,
  icons: Map<string, string>,
  kitName: (tag: string) => string | null,
): AccessibilityProblem | null {
  const { attributes } = element;
  if (isTrue(attributes.get("aria-hidden")) || onlyStopsPropagation(attributes.get("onClick"))) return null;
  const role = attributes.get("role");
  const hasKeys = KEY_HANDLERS.some((name) => attributes.has(name));
  const missing = [
    role ? null : 'role="button"',
    attributes.has("tabIndex") ? null : "tabIndex={0}",
    hasKeys ? null : "onKeyDown",
  ].filter((part): part is string => part !== null);
  // Spread props may bring what is missing (a drag handle's role, tabIndex and keys).
  if (missing.length === 0 || element.hasSpread) return null;

  // Certain only for a plain clickable box with content to name it and nothing clickable
  // inside (a role="button" around a button would nest controls); the key handler clicks
  // the element itself, so the onClick handler runs with a real event as for a mouse.
  const roleIsButton = !role || (role.kind === "string" && role.value === "button");
  const content = contentOf(element.children, icons);
  const certain =
    roleIsButton &&
    !hasKeys &&
    (content.text || content.unknown) &&
    !hasInteractiveDescendant(element, kitName);
  const text = [
    role ? "" : ' role="button"',
    attributes.has("tabIndex") ? "" : " tabIndex={0}",
    ` onKeyDown={(event) => { if (event.target === event.currentTarget && (event.key === "Enter" || event.key === " ")) { event.preventDefault(); event.currentTarget.click(); } }}`,
  ].join("");
  return {
    detectorId: "click-without-keyboard",
    message: `<${element.name} onClick> cannot be reached or used with the keyboard (missing ${missing.join(", ")}): use a <Button> or <Link> instead`,
    line: element.line,
    fix: certain ? { at: element.nameEnd, text } : null,
  };
}

function buttonProblem(element: JsxElementFact, icons: Map<string, string>): AccessibilityProblem | null {
  if (element.hasSpread || hasName(element) || element.attributes.has("children")) return null;
  const content = contentOf(element.children, icons);
  if (content.text || content.unknown) return null;
  const icon = content.icons.length === 1 ? (content.icons[0] as string) : null;
  return {
    detectorId: "unnamed-button",
    message: `<${element.name}> has no text${icon ? ` (only the icon ${icon})` : ""}, so screen readers cannot say what it does: add aria-label="…" naming its action`,
    line: element.line,
    fix: icon ? { at: element.nameEnd, text: ` aria-label=${JSON.stringify(iconLabel(icon))}` } : null,
  };
}

type Content = { text: boolean; unknown: boolean; icons: string[] };

/**
 * What JSX children contribute to an accessible name: text, lucide icons (aria-hidden, so
 * nothing), or something we cannot see (an expression, another component) that may be text.
 */
function contentOf(children: AstNode[], icons: Map<string, string>): Content {
  const content: Content = { text: false, unknown: false, icons: [] };
  for (const child of children) {
    switch (child.type) {
      case "JSXText":
        if (String(child.value).trim()) content.text = true;
        break;
      case "JSXExpressionContainer":
        if ((child.expression as AstNode).type !== "JSXEmptyExpression") content.unknown = true;
        break;
      case "JSXFragment":
        merge(content, contentOf(child.children as AstNode[], icons));
        break;
      case "JSXElement": {
        const opening = child.openingElement as AstNode;
        const nameNode = opening.name as AstNode;
        const tag = nameNode.type === "JSXIdentifier" ? (nameNode.name as string) : "";
        const attributes = opening.attributes as AstNode[];
        const attribute = (name: string) =>
          attributes.find((a) => a.type === "JSXAttribute" && (a.name as AstNode).name === name) as
            | AstNode
            | undefined;
        if (icons.has(tag)) {
          content.icons.push(icons.get(tag) as string);
        } else if (!tag || /^[A-Z]/.test(tag) || attributes.some((a) => a.type === "JSXSpreadAttribute")) {
          content.unknown = true;
        } else if (attribute("aria-label") || attribute("aria-labelledby")) {
          content.text = true;
        } else if (tag === "img") {
          const alt = attribute("alt")?.value as AstNode | null | undefined;
          if (alt && !(alt.type === "Literal" && String(alt.value).trim() === "")) content.text = true;
        } else if (tag !== "svg") {
          merge(content, contentOf(child.children as AstNode[], icons));
        }
        break;
      }
    }
  }
  return content;
}

function merge(into: Content, from: Content): void {
  into.text ||= from.text;
  into.unknown ||= from.unknown;
  into.icons.push(...from.icons);
}

function hasInteractiveDescendant(element: JsxElementFact, kitName: (tag: string) => string | null): boolean {
  let found = false;
  const visit = (node: AstNode) => {
    if (found) return;
    if (node.type === "JSXElement" && node !== element.node) {
      const opening = node.openingElement as AstNode;
      const nameNode = opening.name as AstNode;
      const tag = nameNode.type === "JSXIdentifier" ? (nameNode.name as string) : "";
      const attributes = opening.attributes as AstNode[];
      const kitTag = kitName(tag);
      if (
        INTERACTIVE_HTML.has(tag) ||
        tag === "Link" ||
        (kitTag !== null && (kitTag === "Button" || KIT_CONTROLS.has(kitTag) || /Trigger$/.test(kitTag))) ||
        attributes.some((a) => a.type === "JSXAttribute" && (a.name as AstNode).name === "onClick")
      ) {
        found = true;
        return;
      }
    }
    for (const key of Object.keys(node)) {
      if (key === "loc" || key === "start" || key === "end") continue;
      const value = node[key];
      if (Array.isArray(value)) {
        for (const child of value) if (child && typeof child === "object" && "type" in child) visit(child);
      } else if (value && typeof value === "object" && "type" in (value as object)) visit(value as AstNode);
    }
  };
  visit(element.node);
  return found;
}

/** What the dialog detector knows of the file around one dialog. */
type DialogScope = {
  /** The kit part a tag names (`DialogContent`), or null when it is not the kit's. */
  kitPart: (tag: string) => string | null;
  /** Whether a tag may render elements this file does not show (a title among them). */
  hidesContent: (tag: string) => boolean;
  titleOutsideDialog: boolean;
};

/**
 * A dialog screen readers can only announce as "dialog": a kit dialog's content with no
 * title part inside, or a popover's content, a role="dialog"/"alertdialog" element or a
 * <dialog> without aria-label, aria-labelledby or title. A kit dialog whose title may come
 * from what this file does not show (a child component, an expression, a title elsewhere
 * in the file) is left alone. The certain fix names it after its one heading, when that
 * heading is plain text and nothing in the dialog is hidden from us.
 */
function dialogProblem(element: JsxElementFact, scope: DialogScope): AccessibilityProblem | null {
  const { attributes } = element;
  const kitTag = scope.kitPart(element.name);
  const title = kitTag ? KIT_DIALOGS.get(kitTag) : undefined;
  const role = attributes.get("role");
  const roleValue = role?.kind === "string" ? role.value.trim() : null;
  const isRaw = element.name === "dialog" || (roleValue !== null && DIALOG_ROLES.has(roleValue));
  if (!title && kitTag !== KIT_POPOVER && !isRaw) return null;
  if (element.hasSpread || hasName(element) || attributes.has("children")) return null;
  if (isTrue(attributes.get("aria-hidden"))) return null;
  // A role from an expression may not be a dialog's; an app component given role="dialog"
  // may not pass it on, or may name the dialog itself.
  if (!title && kitTag !== KIT_POPOVER && (role?.kind === "expression" || scope.hidesContent(element.name)))
    return null;

  const inside = dialogInside(element, scope);
  if (title && (inside.title || inside.unknown || scope.titleOutsideDialog)) return null;

  const alert = roleValue === "alertdialog" || kitTag === "AlertDialogContent";
  const announced = alert ? "alert dialog" : "dialog";
  const shown =
    roleValue && element.name !== "dialog" ? `<${element.name} role="${roleValue}">` : `<${element.name}>`;
  const message = title
    ? `${shown} has no <${title}>, so screen readers announce it as just "${announced}": put a <${title}> inside it (className="sr-only" hides it), or add aria-label="…"`
    : `${shown} has no name, so screen readers announce it as just "${announced}": add aria-label="…" saying what it holds, or aria-labelledby with the id of its heading`;
  const heading = inside.unknown ? null : inside.headingText;
  const fix = heading
    ? {
        at: element.nameEnd,
        // A JSX attribute string has no escapes: text with quotes or entities goes in braces.
        text: /["\\&]/.test(heading)
          ? ` aria-label={${JSON.stringify(heading)}}`
          : ` aria-label="${heading}"`,
      }
    : null;
  return { detectorId: "dialog-without-title", message, line: element.line, fix };
}

type DialogInside = {
  /** A kit title part inside. */
  title: boolean;
  /** Something inside may render elements we cannot see: a component of the app, an expression. */
  unknown: boolean;
  /** The text of the dialog's only heading (h1–h6), when it is plain text. */
  headingText: string | null;
};

function dialogInside(element: JsxElementFact, scope: DialogScope): DialogInside {
  const inside: DialogInside = { title: false, unknown: false, headingText: null };
  const headings: AstNode[] = [];
  const checkChildren = (children: AstNode[], parentTag: string) => {
    const kitTag = scope.kitPart(parentTag);
    if (TEXT_LEVEL.has(parentTag) || (kitTag && KIT_TEXT_LEVEL.test(kitTag))) return;
    for (const child of children)
      if (child.type === "JSXExpressionContainer" && mayRenderElement(child.expression as AstNode))
        inside.unknown = true;
  };
  const visit = (node: AstNode, parentTag: string) => {
    if (inside.title) return;
    let tag = parentTag;
    if (node.type === "JSXElement") {
      const opening = node.openingElement as AstNode;
      tag = jsxNameOf(opening.name as AstNode);
      if (node !== element.node) {
        if (KIT_TITLES.has(scope.kitPart(tag) ?? "")) {
          inside.title = true;
          return;
        }
        // Spread props may bring children, except to a field (`{...register("title")}`).
        const attributes = opening.attributes as AstNode[];
        const spread =
          !NO_CHILDREN.has(scope.kitPart(tag) ?? tag) &&
          attributes.some((a) => a.type === "JSXSpreadAttribute");
        const children = attributes.some(
          (a) => a.type === "JSXAttribute" && (a.name as AstNode).name === "children",
        );
        if (scope.hidesContent(tag) || spread || children) inside.unknown = true;
        if (/^h[1-6]$/.test(tag)) headings.push(node);
      }
      checkChildren(node.children as AstNode[], tag);
    } else if (node.type === "JSXFragment") {
      checkChildren(node.children as AstNode[], parentTag);
    }
    for (const key of Object.keys(node)) {
      if (key === "loc" || key === "start" || key === "end") continue;
      const value = node[key];
      if (Array.isArray(value)) {
        for (const child of value)
          if (child && typeof child === "object" && "type" in child) visit(child, tag);
      } else if (value && typeof value === "object" && "type" in (value as object))
        visit(value as AstNode, tag);
    }
  };
  visit(element.node, element.name);
  const only = headings.length === 1 ? (headings[0] as AstNode) : null;
  if (only && (only.children as AstNode[]).every((child) => child.type === "JSXText")) {
    const text = (only.children as AstNode[])
      .map((child) => String(child.value))
      .join("")
      .replace(/\s+/g, " ")
      .trim();
    if (text) inside.headingText = text;
  }
  return inside;
}

/**
 * Whether a JSX child expression may evaluate to an element (a title, say). Text and
 * numbers cannot, nor can the JSX written in it (visited on its own); a variable, a prop or
 * a call may.
 */
function mayRenderElement(expression: AstNode): boolean {
  switch (expression.type) {
    case "JSXEmptyExpression":
    case "JSXElement":
    case "JSXFragment":
    case "Literal":
    case "TemplateLiteral":
    case "BinaryExpression":
    case "UnaryExpression":
    case "UpdateExpression":
      return false;
    case "Identifier":
      return expression.name !== "undefined";
    case "LogicalExpression":
      // `a && b` is `b` or a falsy value, never `a` as an element.
      return (
        (expression.operator !== "&&" && mayRenderElement(expression.left as AstNode)) ||
        mayRenderElement(expression.right as AstNode)
      );
    case "ConditionalExpression":
      return (
        mayRenderElement(expression.consequent as AstNode) ||
        mayRenderElement(expression.alternate as AstNode)
      );
    case "CallExpression": {
      // `items.map((item) => <li>…</li>)`: what the callback returns.
      const callee = expression.callee as AstNode;
      const callback = (expression.arguments as AstNode[])[0];
      const isMap =
        callee.type === "MemberExpression" &&
        ["map", "flatMap"].includes((callee.property as AstNode).name as string) &&
        callback !== undefined &&
        /FunctionExpression$/.test(callback.type);
      return isMap ? returnedBy(callback as AstNode).some(mayRenderElement) : true;
    }
    case "ArrowFunctionExpression":
    case "FunctionExpression":
      // A render prop's function (a drag-and-drop list's children).
      return returnedBy(expression).some(mayRenderElement);
    default:
      return true;
  }
}

/** The expressions a function returns (not those of functions nested in it). */
function returnedBy(fn: AstNode): AstNode[] {
  const body = fn.body as AstNode;
  if (body.type !== "BlockStatement") return [body];
  const returned: AstNode[] = [];
  const visit = (node: AstNode) => {
    if (node.type === "ReturnStatement") {
      if (node.argument) returned.push(node.argument as AstNode);
      return;
    }
    if (/Function|Class/.test(node.type)) return;
    for (const key of Object.keys(node)) {
      if (key === "loc" || key === "start" || key === "end") continue;
      const value = node[key];
      if (Array.isArray(value)) {
        for (const child of value) if (child && typeof child === "object" && "type" in child) visit(child);
      } else if (value && typeof value === "object" && "type" in (value as object)) visit(value as AstNode);
    }
  };
  for (const statement of body.body as AstNode[]) visit(statement);
  return returned;
}
