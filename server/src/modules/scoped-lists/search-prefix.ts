/**
 * The bounds a search text's prefix gives an index range (docs/search.md, "Prefixes"): ids by
 * the primary key's range, texts by the range of the strings that start with it. Both
 * databases compare text in byte order (PGlite `C`, the server `C.UTF-8`), where the strings
 * starting with `p` are exactly those from `p` up to (not including) the next string.
 */

/** How many rows a prefix reads per column before the caller's scope is applied. */
export const PREFIX_CANDIDATES = 100;

const UUID_TEMPLATE = '00000000-0000-0000-0000-000000000000';
const HEX = /^[0-9a-f]*$/;

/** The canonical (dashed, lower-case) form of the first hex digits of a uuid. */
function dashed(hex: string): string {
  const cuts = [8, 12, 16, 20];
  let out = '';
  for (let i = 0; i < hex.length; i++) out += (cuts.includes(i) ? '-' : '') + hex[i]!;
  return out;
}

/**
 * The lowest and highest uuid starting with `text` (a uuid's start, dashed as uuids are written
 * or without dashes, any case), or null when `text` is no start of a uuid.
 */
export function uuidRange(text: string): { lower: string; upper: string } | null {
  const lower = text.toLowerCase();
  const hex = lower.replaceAll('-', '');
  if (!hex || hex.length > 32 || !HEX.test(hex)) return null;
  const start = dashed(hex);
  // Dashes only where a uuid has them (or none at all).
  if (lower !== hex && !start.startsWith(lower)) return null;
  const rest = UUID_TEMPLATE.slice(start.length);
  return { lower: start + rest, upper: start + rest.replaceAll('0', 'f') };
}

const MAX_CODE_POINT = 0x10ffff;

/**
 * The first string after every string starting with `prefix` in byte (code point) order: its
 * last character's successor (a surrogate skipped); null when none is left (the prefix is all
 * U+10FFFF), so that the range is open-ended.
 */
export function nextString(prefix: string): string | null {
  const chars = [...prefix];
  while (chars.length) {
    const last = chars.pop()!.codePointAt(0)!;
    if (last < MAX_CODE_POINT) {
      const next = last + 1 === 0xd800 ? 0xe000 : last + 1;
      return chars.join('') + String.fromCodePoint(next);
    }
  }
  return null;
}
