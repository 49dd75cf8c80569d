import { Parser } from "acorn";
import jsx from "acorn-jsx";
import { collectJsxElements, type JsxElementFact } from "./collect-jsx-elements.ts";

/** An ESTree node as acorn produces it (only the fields the detectors read are typed). */
export type AstNode = {
  type: string;
  start: number;
  end: number;
  loc?: { start: { line: number; column: number } };
  [key: string]: unknown;
};

export type ModuleFacts = {
  /** Each import: module specifier, the local name, and the imported name ('default', '*'). */
  imports: { source: string; local: string; imported: string; line: number }[];
  /** Every name bound anywhere in the file (declarations, parameters, patterns, imports). */
  bound: Set<string>;
  /** Capitalised JSX element names (the root of `<A.B>`), with their first line. */
  jsxNames: Map<string, number>;
  /** `X.method(` calls on a plain identifier X, with the line of the call. */
  memberCalls: { object: string; method: string; line: number }[];
  hasDefaultExport: boolean;
  /** Every JSX element with its attributes and ancestors (the accessibility detectors). */
  elements: JsxElementFact[];
};

const JsxParser = Parser.extend(jsx());

/** Parses an app file (JS + JSX module); null when it does not parse (the compile reports that). */
export function parseAppModule(source: string): ModuleFacts | null {
  let ast: AstNode;
  try {
    ast = JsxParser.parse(source, {
      ecmaVersion: "latest",
      sourceType: "module",
      locations: true,
      allowHashBang: true,
    }) as unknown as AstNode;
  } catch {
    return null;
  }
  const facts: ModuleFacts = {
    imports: [],
    bound: new Set(),
    jsxNames: new Map(),
    memberCalls: [],
    hasDefaultExport: false,
    elements: collectJsxElements(ast, source),
  };
  walk(ast, (node) => visit(node, facts));
  return facts;
}

function lineOf(node: AstNode): number {
  return node.loc?.start.line ?? 1;
}

function visit(node: AstNode, facts: ModuleFacts): void {
  switch (node.type) {
    case "ImportDeclaration": {
      const source = String((node.source as AstNode).value);
      for (const spec of node.specifiers as AstNode[]) {
        const local = (spec.local as AstNode).name as string;
        const imported =
          spec.type === "ImportDefaultSpecifier"
            ? "default"
            : spec.type === "ImportNamespaceSpecifier"
              ? "*"
              : (((spec.imported as AstNode).name ?? (spec.imported as AstNode).value) as string);
        facts.imports.push({ source, local, imported, line: lineOf(node) });
        facts.bound.add(local);
      }
      return;
    }
    case "ExportDefaultDeclaration":
      facts.hasDefaultExport = true;
      return;
    case "ExportNamedDeclaration":
      for (const spec of (node.specifiers as AstNode[]) ?? []) {
        const exported = spec.exported as AstNode;
        if ((exported.name ?? exported.value) === "default") facts.hasDefaultExport = true;
      }
      return;
    case "VariableDeclarator":
      bindPattern(node.id as AstNode, facts.bound);
      return;
    case "FunctionDeclaration":
    case "FunctionExpression":
    case "ArrowFunctionExpression":
    case "ClassDeclaration":
    case "ClassExpression":
      if (node.id) facts.bound.add((node.id as AstNode).name as string);
      for (const param of (node.params as AstNode[]) ?? []) bindPattern(param, facts.bound);
      return;
    case "CatchClause":
      if (node.param) bindPattern(node.param as AstNode, facts.bound);
      return;
    case "JSXOpeningElement": {
      let name = node.name as AstNode;
      while (name.type === "JSXMemberExpression") name = name.object as AstNode;
      const text = name.type === "JSXIdentifier" ? (name.name as string) : null;
      if (text && /^[A-Z]/.test(text) && !facts.jsxNames.has(text)) facts.jsxNames.set(text, lineOf(node));
      return;
    }
    case "CallExpression": {
      const callee = node.callee as AstNode;
      if (callee.type !== "MemberExpression" || callee.computed) return;
      const object = callee.object as AstNode;
      const property = callee.property as AstNode;
      if (object.type === "Identifier" && property.type === "Identifier")
        facts.memberCalls.push({
          object: object.name as string,
          method: property.name as string,
          line: lineOf(node),
        });
      return;
    }
  }
}

/** Adds the names a binding pattern introduces (`{a, b: [c]}`, `...rest`, defaults). */
function bindPattern(pattern: AstNode | null, bound: Set<string>): void {
  if (!pattern) return;
  switch (pattern.type) {
    case "Identifier":
      bound.add(pattern.name as string);
      return;
    case "ObjectPattern":
      for (const prop of pattern.properties as AstNode[])
        bindPattern((prop.type === "RestElement" ? prop.argument : prop.value) as AstNode, bound);
      return;
    case "ArrayPattern":
      for (const element of pattern.elements as (AstNode | null)[]) bindPattern(element, bound);
      return;
    case "RestElement":
      bindPattern(pattern.argument as AstNode, bound);
      return;
    case "AssignmentPattern":
      bindPattern(pattern.left as AstNode, bound);
      return;
  }
}

/** Visits every node depth-first (no scope tracking: names bound anywhere count as bound). */
function walk(node: AstNode, onNode: (node: AstNode) => void): void {
  onNode(node);
  for (const key of Object.keys(node)) {
    if (key === "loc" || key === "start" || key === "end") continue;
    const value = node[key];
    if (Array.isArray(value)) {
      for (const child of value) if (isNode(child)) walk(child, onNode);
    } else if (isNode(value)) walk(value, onNode);
  }
}

function isNode(value: unknown): value is AstNode {
  return typeof value === "object" && value !== null && typeof (value as AstNode).type === "string";
}
