/** First-strong isolate and its end (Unicode bidi, UAX #9). */
const FSI = '\u2068';
const PDI = '\u2069';

/**
 * A name or code put into a translated sentence as text (a toast, a popup): isolated, so
 * "Siam Digital Store Co., Ltd." keeps its full stop at its end inside an Arabic sentence, and
 * the sentence's own punctuation stays where the sentence puts it. In markup, use `<Name>`.
 */
export const isolate = (text: string) => `${FSI}${text}${PDI}`;
