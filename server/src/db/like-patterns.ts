/** `text` with LIKE's wildcards (and its escape, \) taken literally. */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE/ILIKE pattern matching text that contains `text` as typed. */
export const containsPattern = (text: string) => `%${likeLiteral(text)}%`;
