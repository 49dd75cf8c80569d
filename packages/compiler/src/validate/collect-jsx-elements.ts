import type { AstNode } from "./parse-app-module.ts";

/** One attribute of a JSX element: a string literal, an expression (its source), or bare. */
export type JsxAttribute =
  | { kind: "string"; value: string }
  | { kind: "expression"; source: string; node: AstNode }
  | { kind: "bare" };

/** A JSX element as the accessibility detectors read it. */
export type JsxElementFact = {
  /** The tag as written: `div`, `Button`, `Select.Trigger`. */
  name: string;
  line: number;
  /** Where the tag's name ends in the source (attributes are inserted there). */
  nameEnd: number;
  attributes: Map<string, JsxAttribute>;
  /** `{...props}`: attributes we cannot see, so the detectors stay silent about names. */
  hasSpread: boolean;
  /** Tags of the enclosing JSX elements, nearest first. */
  ancestors: string[];
  /** The element's JSX children (elements, text, expressions). */
  children: AstNode[];
  node: AstNode;
};

/** Every JSX element of a parsed module, in source order, with its ancestors. */
export function collectJsxElements(ast: AstNode, source: string): JsxElementFact[] {
  const elements: JsxElementFact[] = [];
  const visit = (node: AstNode, ancestors: string[]) => {
    let inner = ancestors;
    if (node.type === "JSXElement") {
      const opening = node.openingElement as AstNode;
      const name = jsxNameOf(opening.name as AstNode);
      const attributes = new Map<string, JsxAttribute>();
      let hasSpread = false;
      for (const attribute of opening.attributes as AstNode[]) {
        if (attribute.type === "JSXSpreadAttribute") {
          hasSpread = true;
          continue;
        }
        const attributeName = jsxNameOf(attribute.name as AstNode);
        attributes.set(attributeName, attributeValue(attribute.value as AstNode | null, source));
      }
      elements.push({
        name,
        line: opening.loc?.start.line ?? 1,
        nameEnd: (opening.name as AstNode).end,
        attributes,
        hasSpread,
        ancestors,
        children: node.children as AstNode[],
        node,
      });
      inner = [name, ...ancestors];
    }
    for (const key of Object.keys(node)) {
      if (key === "loc" || key === "start" || key === "end") continue;
      const value = node[key];
      if (Array.isArray(value)) {
        for (const child of value) if (isNode(child)) visit(child, inner);
      } else if (isNode(value)) visit(value, inner);
    }
  };
  visit(ast, []);
  return elements;
}

/** `div`, `Select.Trigger`, `svg:path`. */
export function jsxNameOf(name: AstNode): string {
  switch (name.type) {
    case "JSXIdentifier":
      return name.name as string;
    case "JSXMemberExpression":
      return `${jsxNameOf(name.object as AstNode)}.${jsxNameOf(name.property as AstNode)}`;
    case "JSXNamespacedName":
      return `${jsxNameOf(name.namespace as AstNode)}:${jsxNameOf(name.name as AstNode)}`;
    default:
      return "";
  }
}

function attributeValue(value: AstNode | null, source: string): JsxAttribute {
  if (!value) return { kind: "bare" };
  if (value.type === "Literal") return { kind: "string", value: String(value.value) };
  if (value.type === "JSXExpressionContainer") {
    const expression = value.expression as AstNode;
    // `{"x"}` and `{`x`}` without substitutions are strings too.
    if (expression.type === "Literal" && typeof expression.value === "string")
      return { kind: "string", value: expression.value };
    if (expression.type === "TemplateLiteral" && (expression.expressions as AstNode[]).length === 0)
      return {
        kind: "string",
        value: String(((expression.quasis as AstNode[])[0]?.value as { cooked?: string })?.cooked ?? ""),
      };
    return { kind: "expression", source: source.slice(expression.start, expression.end), node: expression };
  }
  return { kind: "expression", source: source.slice(value.start, value.end), node: value };
}

function isNode(value: unknown): value is AstNode {
  return typeof value === "object" && value !== null && typeof (value as AstNode).type === "string";
}
