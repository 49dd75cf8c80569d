import type { CodePointRange, FilterRegex, FilterRegexNode } from "./filter-node.ts";
import { inCodePointRanges } from "./in-code-point-ranges.ts";

type Instruction =
  | { op: "set"; ranges: readonly CodePointRange[]; negated: boolean; next: number }
  | { op: "any"; next: number }
  | { op: "start"; next: number }
  | { op: "end"; next: number }
  | { op: "split"; first: number; second: number }
  | { op: "match" };

type Program = { instructions: Instruction[]; start: number };

const programs = new WeakMap<FilterRegex, Program>();

/**
 * Whether the text contains a match of the regex, decided by simulating its automaton
 * (Thompson's construction, all states in step): time is linear in the text for a given
 * pattern and no pattern can backtrack catastrophically, so a hostile $regex cannot stall
 * the server when it checks a row in memory (realtime events). PostgreSQL's engine is
 * automaton-based as well; both answer the same question on the same explicit sets.
 */
export function matchesFilterRegex(regex: FilterRegex, text: string): boolean {
  let program = programs.get(regex);
  if (!program) {
    program = compile(regex.root);
    programs.set(regex, program);
  }
  const { instructions, start } = program;
  const seen = new Uint32Array(instructions.length);
  let generation = 0;
  const length = codePointLength(text);
  let current: number[] = [];

  // Adds a state and everything reachable from it without reading a character; true on a match.
  const add = (list: number[], from: number, position: number): boolean => {
    const stack = [from];
    while (stack.length > 0) {
      const pc = stack.pop()!;
      if (seen[pc] === generation) continue;
      seen[pc] = generation;
      const instruction = instructions[pc]!;
      switch (instruction.op) {
        case "match":
          return true;
        case "split":
          stack.push(instruction.second, instruction.first);
          break;
        case "start":
          if (position === 0) stack.push(instruction.next);
          break;
        case "end":
          if (position === length) stack.push(instruction.next);
          break;
        default:
          list.push(pc);
      }
    }
    return false;
  };

  generation++;
  if (add(current, start, 0)) return true;
  let position = 0;
  for (let index = 0; index < text.length; ) {
    const codePoint = text.codePointAt(index)!;
    index += codePoint > 0xffff ? 2 : 1;
    position++;
    generation++;
    const next: number[] = [];
    for (const pc of current) {
      const instruction = instructions[pc]!;
      const accepts =
        instruction.op === "any" ||
        (instruction.op === "set" &&
          inCodePointRanges(instruction.ranges, codePoint) !== instruction.negated);
      if (accepts && add(next, (instruction as { next: number }).next, position)) return true;
    }
    // Unanchored search: a match may also begin here.
    if (add(next, start, position)) return true;
    current = next;
  }
  return false;
}

function codePointLength(text: string): number {
  let length = 0;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length) {
      const low = text.charCodeAt(index + 1);
      if (low >= 0xdc00 && low <= 0xdfff) index++;
    }
    length++;
  }
  return length;
}

// Builds the program back to front: each node is compiled knowing where to continue.
function compile(root: FilterRegexNode): Program {
  const instructions: Instruction[] = [{ op: "match" }];
  const push = (instruction: Instruction) => instructions.push(instruction) - 1;

  const build = (node: FilterRegexNode, next: number): number => {
    switch (node.type) {
      case "set":
        return push({ op: "set", ranges: node.ranges, negated: node.negated, next });
      case "any":
      case "start":
      case "end":
        return push({ op: node.type, next });
      case "sequence":
        return node.items.reduceRight((continuation, item) => build(item, continuation), next);
      case "alternation": {
        const entries = node.options.map((option) => build(option, next));
        return entries.reduceRight((second, first) => push({ op: "split", first, second }));
      }
      case "repeat": {
        let tail = next;
        if (node.max === null) {
          const loop = push({ op: "split", first: -1, second: next });
          (instructions[loop] as { first: number }).first = build(node.node, loop);
          tail = loop;
        } else {
          for (let copy = node.min; copy < node.max; copy++) {
            tail = push({ op: "split", first: build(node.node, tail), second: next });
          }
        }
        for (let copy = 0; copy < node.min; copy++) tail = build(node.node, tail);
        return tail;
      }
    }
  };
  return { instructions, start: build(root, 0) };
}
