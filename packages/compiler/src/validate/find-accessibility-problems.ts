import type { AccessibilityDetectorId } from "./app-issue.ts";
import type { JsxAttribute, JsxElementFact } from "./collect-jsx-elements.ts";
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
 * What the accessibility detectors can see in one file's JSX: form controls without a label,
 * images without alt text, click handlers on elements the keyboard cannot reach, and buttons
 * without a name. They report only what is certain from this file: an element with spread
 * props, or whose name or label could come from elsewhere, is left alone.
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
