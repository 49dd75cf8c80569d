/**
 * Orders two strings by Unicode code point — the order of PostgreSQL's "C" collation on
 * UTF-8 text, which the SQL side uses. JavaScript's `<` compares UTF-16 code units instead,
 * which puts U+E000..U+FFFF after every astral character (emoji), so it is not used.
 */
export function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index++) {
    const left = a.charCodeAt(index);
    const right = b.charCodeAt(index);
    if (left === right) continue;
    // Both units differ at the first differing code point; a surrogate unit stands for an
    // astral code point, above every BMP character.
    const leftRank = left >= 0xd800 && left <= 0xdfff ? left + 0x10000 : left;
    const rightRank = right >= 0xd800 && right <= 0xdfff ? right + 0x10000 : right;
    return leftRank < rightRank ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}
