import type { en } from './locales/en';

/** The shape every language must fill: the same keys as English, any text. */
type ShapeOf<T> = { [K in keyof T]: T[K] extends string ? string : ShapeOf<T[K]> };
export type Translation = ShapeOf<typeof en>;
