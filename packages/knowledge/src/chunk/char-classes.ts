// Character classes the chunker breaks on, as char-code tests: the chunker looks at every
// character of megabytes of text, so no regular expressions or substrings per character.

/** Exactly the characters of JavaScript's `\s`, so a chunk's trimming agrees with `String.trim`. */
export function isWhitespace(code: number): boolean {
  return (
    code === 0x20 ||
    (code >= 0x09 && code <= 0x0d) ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** Ends a sentence when followed by whitespace: . ? ! … and their full-width forms. */
export function isSentenceEnd(code: number): boolean {
  return (
    code === 0x2e || // .
    code === 0x3f || // ?
    code === 0x21 || // !
    code === 0x2026 || // …
    code === 0xff0e || // ．
    code === 0xff1f || // ？
    code === 0xff01 // ！
  );
}

/**
 * Ends a sentence on its own, with no space after it: CJK text puts none between sentences
 * (。 ！ ？ and the half-width ｡).
 */
export function isCjkSentenceEnd(code: number): boolean {
  return code === 0x3002 || code === 0xff01 || code === 0xff1f || code === 0xff61;
}

/** Closing quotes and brackets that may stand between a sentence end and the space: `."` `?)` */
export function isClosingMark(code: number): boolean {
  return (
    code === 0x22 || // "
    code === 0x27 || // '
    code === 0x29 || // )
    code === 0x5d || // ]
    code === 0x201d || // ”
    code === 0x2019 || // ’
    code === 0xbb || // »
    code === 0x300d || // 」
    code === 0x300f // 』
  );
}

export function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
