import { describe, expect, it } from "vitest";
import {
  type BlockStreamEvent,
  type BlockStreamResult,
  blockOpenTag,
  createBlockStreamParser,
  parseBlockOutput,
} from "./parse-block-stream.ts";

const ids = ["summary", "facts", "steps", "rows", "tail"];

/** A messy but realistic answer: preamble, fences, HTML and '<' in content, CRLF, an unknown
 * block, a repeat, a block closed by the next opening tag, and a truncated last block. */
const sample = [
  "Sure! Here is your plan.\n```\n",
  '<block id="summary">\n# Lisbon in 3 days\nPrices < 50 EUR, <b>bold</b> and a <blockquote>.\n\n</block>\n',
  '<block id=\'facts\'>\r\n{"City": "Lisbon", "Days": "3"}\r\n</block>\r\n',
  '<block id="ghost">ignored <block text\n</block>\n',
  '<BLOCK  id = "steps" >- Walk\n- Eat\n',
  '<block id="summary">a repeat is skipped</block>',
  '<block id="tail">\nHalf a sentence and a half-written tag </blo',
].join("");

const expected: BlockStreamResult = {
  blocks: [
    {
      blockId: "summary",
      text: "# Lisbon in 3 days\nPrices < 50 EUR, <b>bold</b> and a <blockquote>.\n",
      complete: true,
    },
    { blockId: "facts", text: '{"City": "Lisbon", "Days": "3"}', complete: true },
    { blockId: "steps", text: "- Walk\n- Eat", complete: true },
    { blockId: "tail", text: "Half a sentence and a half-written tag ", complete: false },
  ],
  missingBlockIds: ["rows"],
};

/** Runs `chunks` through a parser: every event, and the result. */
function run(chunks: readonly string[], blockIds: readonly string[] = ids) {
  const parser = createBlockStreamParser({ blockIds });
  const events: BlockStreamEvent[] = [];
  for (const chunk of chunks) events.push(...parser.push(chunk));
  const end = parser.end();
  events.push(...end.events);
  return { events, result: end.result };
}

/** Events with consecutive deltas of one block merged: what any chunking must agree on. */
function merged(events: readonly BlockStreamEvent[]): BlockStreamEvent[] {
  const out: BlockStreamEvent[] = [];
  for (const event of events) {
    const last = out.at(-1);
    if (event.type === "block-delta" && last?.type === "block-delta" && last.blockId === event.blockId)
      out[out.length - 1] = { ...last, text: last.text + event.text };
    else out.push(event);
  }
  return out;
}

/** Checks the invariants of one parse: the result, and events that rebuild it exactly. */
function expectConsistent(outcome: ReturnType<typeof run>, reference: ReturnType<typeof run>) {
  expect(outcome.result).toEqual(reference.result);
  expect(merged(outcome.events)).toEqual(merged(reference.events));
  for (const event of outcome.events) if (event.type === "block-delta") expect(event.text).not.toBe("");
}

/** mulberry32: a tiny seeded generator, so a failing chunking can be replayed. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("block stream parser", () => {
  const whole = run([sample]);

  it("parses a whole answer into the tool's blocks", () => {
    expect(whole.result).toEqual(expected);
    expect(parseBlockOutput({ text: sample, blockIds: ids })).toEqual(expected);
  });

  it("emits start, deltas and end per block, with deltas adding up to the text", () => {
    const byBlock = new Map<string, string>();
    const order: string[] = [];
    for (const event of whole.events) {
      order.push(`${event.type}:${event.blockId}`);
      if (event.type === "block-delta")
        byBlock.set(event.blockId, (byBlock.get(event.blockId) ?? "") + event.text);
      if (event.type === "block-end") expect(event.text).toBe(byBlock.get(event.blockId) ?? "");
    }
    expect(order.filter((entry) => !entry.startsWith("block-delta"))).toEqual([
      "block-start:summary",
      "block-end:summary",
      "block-start:facts",
      "block-end:facts",
      "block-start:steps",
      "block-end:steps",
      "block-start:tail",
      "block-end:tail",
    ]);
    expect(whole.events.at(-1)).toEqual({
      type: "block-end",
      blockId: "tail",
      text: "Half a sentence and a half-written tag ",
      complete: false,
    });
  });

  it("gives the same events and result at every split position", () => {
    for (let at = 0; at <= sample.length; at++)
      expectConsistent(run([sample.slice(0, at), sample.slice(at)]), whole);
  });

  it("gives the same at every pair of split positions of the tricky parts", () => {
    // Every (i, j) over the whole sample would be ~60k parses; the tags and CRLFs are where
    // chunk boundaries matter, so pairs are taken over a window around each of them.
    const hot = [...sample.matchAll(/<|\r|\n/g)].map((match) => match.index);
    const positions = new Set<number>();
    for (const index of hot)
      for (let d = -1; d <= 12; d++) positions.add(Math.min(sample.length, Math.max(0, index + d)));
    const sorted = [...positions].sort((a, b) => a - b);
    for (const i of sorted)
      for (const j of sorted)
        if (j > i && j - i <= 14)
          expectConsistent(run([sample.slice(0, i), sample.slice(i, j), sample.slice(j)]), whole);
  });

  it("gives the same one character at a time", () => {
    expectConsistent(run([...sample]), whole);
  });

  it("gives the same under 500 random chunkings (seeded)", () => {
    const random = seeded(20261127);
    for (let round = 0; round < 500; round++) {
      const chunks: string[] = [];
      for (let at = 0; at < sample.length; ) {
        const size = 1 + Math.floor(random() * (random() < 0.5 ? 4 : 40));
        chunks.push(sample.slice(at, at + size));
        at += size;
      }
      expectConsistent(run(chunks), whole);
    }
  });

  it("agrees with itself on 300 random answers made of tag fragments (seeded)", () => {
    const random = seeded(42);
    const pieces = [
      '<block id="a">',
      "<block id='b'>",
      '<block id="zz">',
      "</block>",
      "</BLOCK >",
      "<",
      "</",
      "<bl",
      "<block ",
      "\r",
      "\n",
      "\r\n",
      "x",
      "é",
      " ",
      '"',
      ">",
      "</blo",
      "id=",
    ];
    for (let round = 0; round < 300; round++) {
      let text = "";
      const length = 1 + Math.floor(random() * 40);
      for (let i = 0; i < length; i++) text += pieces[Math.floor(random() * pieces.length)];
      const reference = run([text], ["a", "b"]);
      expectConsistent(run([...text], ["a", "b"]), reference);
      const chunks: string[] = [];
      for (let at = 0; at < text.length; ) {
        const size = 1 + Math.floor(random() * 6);
        chunks.push(text.slice(at, at + size));
        at += size;
      }
      expectConsistent(run(chunks, ["a", "b"]), reference);
      // Whatever the answer, each block the result holds was started, and once only.
      const ids = reference.result.blocks.map((block) => block.blockId);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it("streams a block's text before its closing tag arrives", () => {
    const parser = createBlockStreamParser({ blockIds: ["a"] });
    expect(parser.push(`${blockOpenTag("a")}\nHel`)).toEqual([
      { type: "block-start", blockId: "a" },
      { type: "block-delta", blockId: "a", text: "Hel" },
    ]);
    // A trailing newline waits: it may be the layout one before the closing tag.
    expect(parser.push("lo\n")).toEqual([{ type: "block-delta", blockId: "a", text: "lo" }]);
    expect(parser.push("world</bl")).toEqual([{ type: "block-delta", blockId: "a", text: "\nworld" }]);
    expect(parser.push("ock>")).toEqual([
      { type: "block-end", blockId: "a", text: "Hello\nworld", complete: true },
    ]);
  });

  it("reports a block cut off anywhere as incomplete, keeping what it received", () => {
    const full = '<block id="a">\nline one\nline two\n</block>';
    for (let at = 0; at < full.length; at++) {
      const { result } = run([full.slice(0, at)], ["a"]);
      if (at < '<block id="a">'.length) {
        expect(result).toEqual({ blocks: [], missingBlockIds: ["a"] });
        continue;
      }
      const [block] = result.blocks;
      expect(block?.complete).toBe(false);
      expect("line one\nline two".startsWith(block?.text ?? "?")).toBe(true);
      // Nothing received is lost, save the layout newline and a half-written closing tag.
      expect(block?.text.length).toBeGreaterThanOrEqual(Math.min(17, at - 15 - 2));
    }
    expect(run([full], ["a"]).result.blocks).toEqual([
      { blockId: "a", text: "line one\nline two", complete: true },
    ]);
  });

  it("ignores unknown ids, repeats and text outside blocks without events", () => {
    const { events, result } = run(
      ['Hi <block id="x">secret</block> <block id="a">1</block><block id="a">2</block> bye'],
      ["a"],
    );
    expect(events).toEqual([
      { type: "block-start", blockId: "a" },
      { type: "block-delta", blockId: "a", text: "1" },
      { type: "block-end", blockId: "a", text: "1", complete: true },
    ]);
    expect(result).toEqual({ blocks: [{ blockId: "a", text: "1", complete: true }], missingBlockIds: [] });
  });

  it("reads back any block id through the tag the prompt shows", () => {
    const odd = ['say "hi"', "a<b>\nc", "100%", "ünï code", "block-1"];
    for (const id of odd) {
      const text = `${blockOpenTag(id)}\nok\n</block>`;
      expect(parseBlockOutput({ text, blockIds: [id] }).blocks).toEqual([
        { blockId: id, text: "ok", complete: true },
      ]);
    }
    expect(blockOpenTag("block-1")).toBe('<block id="block-1">');
    // A model that writes an id raw rather than encoded is still understood.
    expect(parseBlockOutput({ text: '<block id="100%">x</block>', blockIds: ["100%"] }).blocks).toHaveLength(
      1,
    );
    expect(parseBlockOutput({ text: '<block id="a b">x</block>', blockIds: ["a b"] }).blocks).toHaveLength(1);
  });

  it("does not take ids that are not plain text as tags", () => {
    expect(
      parseBlockOutput({ text: '<block id="">x</block><block id=a>y</block>', blockIds: ["a"] }),
    ).toEqual({
      blocks: [],
      missingBlockIds: ["a"],
    });
  });

  it("drops only a half-written tag at the very end of a truncated block", () => {
    const cut = (text: string) => parseBlockOutput({ text: `<block id="a">${text}`, blockIds: ["a"] }).blocks;
    expect(cut("1 <")).toEqual([{ blockId: "a", text: "1 ", complete: false }]);
    expect(cut("1 </bl")).toEqual([{ blockId: "a", text: "1 ", complete: false }]);
    expect(cut('1 <block id="b')).toEqual([{ blockId: "a", text: "1 ", complete: false }]);
    expect(cut("1 <b> 2")).toEqual([{ blockId: "a", text: "1 <b> 2", complete: false }]);
    expect(cut("1 < 2")).toEqual([{ blockId: "a", text: "1 < 2", complete: false }]);
  });

  it("handles an empty block and an empty stream", () => {
    expect(
      parseBlockOutput({ text: '<block id="a"></block><block id="b">\n</block>', blockIds: ["a", "b"] }),
    ).toEqual({
      blocks: [
        { blockId: "a", text: "", complete: true },
        { blockId: "b", text: "", complete: true },
      ],
      missingBlockIds: [],
    });
    expect(run([], ["a"]).result).toEqual({ blocks: [], missingBlockIds: ["a"] });
  });

  it("does not hold text back forever on a long run of '<'-text that is no tag", () => {
    const parser = createBlockStreamParser({ blockIds: ["a"] });
    parser.push('<block id="a">');
    const events = parser.push(`x <block${" ".repeat(800)}`);
    expect(events.map((event) => (event.type === "block-delta" ? event.text : "")).join("")).toBe(
      `x <block${" ".repeat(800)}`,
    );
  });

  it("refuses chunks after the end", () => {
    const parser = createBlockStreamParser({ blockIds: [] });
    parser.end();
    expect(() => parser.push("x")).toThrow();
    expect(() => parser.end()).toThrow();
  });
});
