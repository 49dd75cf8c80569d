/**
 * The model's answer format and its streaming parser. Each result block comes back as one
 * tagged section:
 *
 *   <block id="summary">
 *   ...the block's content...
 *   </block>
 *
 * Why tags rather than one JSON object per line: most blocks are markdown or lists, which
 * a model writes best as plain text with real newlines; inside JSON every newline and quote
 * must be escaped, models slip at that over long answers, and one slip loses the whole
 * block. Tagged text streams as written, so a delta can be shown the moment it arrives, and
 * a truncated answer still has every character written so far. The cost: a block's content
 * must not itself contain the text `</block>` (the prompt says so).
 *
 * Parsing rules (all independent of how the stream is chunked):
 * - text outside blocks (preambles, code fences) is ignored;
 * - one newline right after the opening tag and one right before the closing tag are
 *   layout, not content;
 * - an opening tag inside a block also ends that block (a model that forgot a closing tag
 *   loses nothing);
 * - blocks whose id is not one of the tool's, and repeats of a block already given, are
 *   skipped without events;
 * - at the end of the stream, an unterminated block is reported with `complete: false`
 *   and every character it received, less a half-written tag at its very end (even a
 *   lone '<': the stream was cut while writing a tag, not content).
 */
export const BLOCK_CLOSE_TAG = "</block>";

/**
 * The opening tag of block `id` as the prompt shows it. The id is percent-encoded
 * (encodeURIComponent), which leaves the usual ids ('block-1', 'summary') as they are and
 * keeps any other (a saved id may hold quotes, brackets or a newline) from breaking the tag.
 */
export function blockOpenTag(id: string): string {
  return `<block id="${encodeURIComponent(id)}">`;
}

/** The block id a tag names: its percent-decoded form, or the text as written if that fails. */
function tagBlockId(written: string): string {
  try {
    return decodeURIComponent(written);
  } catch {
    return written;
  }
}

export type BlockStreamEvent =
  | { type: "block-start"; blockId: string }
  | { type: "block-delta"; blockId: string; text: string }
  | { type: "block-end"; blockId: string; text: string; complete: boolean };

export type ParsedBlock = { blockId: string; text: string; complete: boolean };

export type BlockStreamResult = {
  /** Blocks in the order the model wrote them. */
  blocks: ParsedBlock[];
  /** The tool's blocks the model never started, in the tool's order. */
  missingBlockIds: string[];
};

export type BlockStreamParser = {
  /** Feeds the next chunk (any size, split anywhere) and returns the events it completes. */
  push(chunk: string): BlockStreamEvent[];
  /** Ends the stream: the last events (an unterminated block's end) and the result. */
  end(): { events: BlockStreamEvent[]; result: BlockStreamResult };
};

const OPEN = /<block\s+id\s*=\s*(?:"([^"\n<>]{1,600})"|'([^'\n<>]{1,600})')\s*>/iy;
const CLOSE = /<\/block\s*>/iy;
/** Text that may still grow into an opening or a closing tag. */
const OPEN_ATTRIBUTE_PREFIX =
  /^\s+(?:i(?:d(?:\s*(?:=(?:\s*(?:"[^"\n<>]{0,600}(?:"\s*)?|'[^'\n<>]{0,600}(?:'\s*)?)?)?)?)?)?)?$/i;
const CLOSE_PREFIX = /^<(?:\/(?:b(?:l(?:o(?:c(?:k\s*)?)?)?)?)?)?$/i;
/** Longest tag prefix worth waiting for; longer text cannot be a tag of ours. */
const MAX_TAG_PREFIX = 700;

function matchAt(pattern: RegExp, text: string, at: number): RegExpExecArray | null {
  pattern.lastIndex = at;
  return pattern.exec(text);
}

function isTagPrefix(rest: string): boolean {
  if (rest.length > MAX_TAG_PREFIX) return false;
  const lower = rest.toLowerCase();
  if ("<block".startsWith(lower)) return true;
  if (lower.startsWith("<block")) return OPEN_ATTRIBUTE_PREFIX.test(rest.slice(6));
  return CLOSE_PREFIX.test(rest);
}

function withoutTrailingNewline(text: string): string {
  if (text.endsWith("\r\n")) return text.slice(0, -2);
  if (text.endsWith("\n")) return text.slice(0, -1);
  return text;
}

type OpenBlock = { id: string; tracked: boolean; text: string; leadHandled: boolean };

export function createBlockStreamParser(options: { blockIds: readonly string[] }): BlockStreamParser {
  const known = new Set(options.blockIds);
  const started = new Set<string>();
  const blocks: ParsedBlock[] = [];
  let buffer = "";
  let current: OpenBlock | null = null;
  let ended = false;

  function emit(events: BlockStreamEvent[], text: string) {
    if (!current || text === "") return;
    if (current.tracked) {
      current.text += text;
      events.push({ type: "block-delta", blockId: current.id, text });
    }
  }

  function close(events: BlockStreamEvent[], complete: boolean) {
    if (current?.tracked) {
      blocks.push({ blockId: current.id, text: current.text, complete });
      events.push({ type: "block-end", blockId: current.id, text: current.text, complete });
    }
    current = null;
  }

  /** Consumes as much of the buffer as can be decided; `final` decides everything. */
  function drain(final: boolean): BlockStreamEvent[] {
    const events: BlockStreamEvent[] = [];
    for (;;) {
      if (!current) {
        const at = buffer.indexOf("<");
        if (at < 0) {
          buffer = "";
          return events;
        }
        buffer = buffer.slice(at);
        const open = matchAt(OPEN, buffer, 0);
        if (open) {
          const written = open[1] ?? open[2] ?? "";
          const id = known.has(written) ? written : tagBlockId(written);
          const tracked = known.has(id) && !started.has(id);
          if (tracked) {
            started.add(id);
            events.push({ type: "block-start", blockId: id });
          }
          current = { id, tracked, text: "", leadHandled: false };
          buffer = buffer.slice(open[0].length);
          continue;
        }
        if (!final && isTagPrefix(buffer)) return events;
        buffer = buffer.slice(1);
        continue;
      }

      if (!current.leadHandled) {
        if (!final && (buffer === "" || buffer === "\r")) return events;
        if (buffer.startsWith("\r\n")) buffer = buffer.slice(2);
        else if (buffer.startsWith("\n")) buffer = buffer.slice(1);
        current.leadHandled = true;
      }

      // Find where this block ends, or where the buffer stops being decidable.
      let end = -1;
      let endLength = 0;
      let hold = buffer.length;
      for (let at = buffer.indexOf("<"); at >= 0; at = buffer.indexOf("<", at + 1)) {
        const closeTag = matchAt(CLOSE, buffer, at);
        if (closeTag) {
          end = at;
          endLength = closeTag[0].length;
          break;
        }
        if (matchAt(OPEN, buffer, at)) {
          end = at;
          break;
        }
        if (buffer.length - at <= MAX_TAG_PREFIX && isTagPrefix(buffer.slice(at))) {
          hold = at;
          break;
        }
      }

      if (end >= 0) {
        emit(events, withoutTrailingNewline(buffer.slice(0, end)));
        buffer = buffer.slice(end + endLength);
        close(events, true);
        continue;
      }

      if (final) {
        // Truncated: keep every character but a half-written tag and the layout newline.
        const text = buffer.slice(0, hold);
        emit(events, withoutTrailingNewline(text));
        buffer = "";
        close(events, false);
        return events;
      }

      // A trailing newline may turn out to be the layout one before the closing tag.
      const ready = buffer.slice(0, hold).replace(/\r?\n?$/, "");
      emit(events, ready);
      buffer = buffer.slice(ready.length);
      return events;
    }
  }

  return {
    push(chunk) {
      if (ended) throw new Error("The block stream has already ended");
      buffer += chunk;
      return drain(false);
    },
    end() {
      if (ended) throw new Error("The block stream has already ended");
      ended = true;
      const events = drain(true);
      return {
        events,
        result: {
          blocks,
          missingBlockIds: options.blockIds.filter((id) => !started.has(id)),
        },
      };
    },
  };
}

/** Parses a whole answer at once (stored runs, tests): the same rules as the stream. */
export function parseBlockOutput(input: { text: string; blockIds: readonly string[] }): BlockStreamResult {
  const parser = createBlockStreamParser({ blockIds: input.blockIds });
  parser.push(input.text);
  return parser.end().result;
}
