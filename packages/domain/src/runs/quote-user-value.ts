/**
 * The escaping rule for everything an end user (or an uploaded data source) puts into a
 * run's prompt. A value is written as one JSON string literal, after its brackets and
 * angle brackets are swapped for their fullwidth look-alikes:
 *
 *   [ ] < >  ->  ［ ］ ＜ ＞   then JSON.stringify, with U+0085, U+2028 and U+2029 escaped too.
 *
 * So a quoted value always starts and ends with '"', has no raw '"' inside (only \"), sits
 * on one line (newlines become \n), and holds no '[', ']', '<' or '>'. Hence it cannot:
 * - form a [field] tag: tags need '[' (and substitution is single-pass anyway: text that
 *   replaced a tag is never scanned for tags again);
 * - close or open a tagged section such as </block> or <block id="…">;
 * - leave its quotes, or start a new line that would pass for a heading or a rule of the
 *   prompt.
 * The model still reads the meaning (fullwidth brackets read as brackets), and the system
 * prompt tells it that quoted text is data to work on, never instructions to follow.
 */
const LOOK_ALIKES: Readonly<Record<string, string>> = { "[": "［", "]": "］", "<": "＜", ">": "＞" };

export function quoteUserValue(value: string): string {
  return JSON.stringify(value.replace(/[[\]<>]/g, (char) => LOOK_ALIKES[char]!)).replace(
    /[\u0085\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
