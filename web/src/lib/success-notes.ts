/**
 * The one way a saved change is confirmed: a short note in the polite live region
 * (`SuccessToasts`), which a screen reader reads out and which leaves the focus where it is.
 */
export interface SuccessNote {
  readonly id: number;
  readonly text: string;
}

/** How long a note stays before it leaves by itself (it can be dismissed sooner). */
export const SUCCESS_NOTE_MS = 8000;

let notes: readonly SuccessNote[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** Says that an action succeeded. */
export function announceSuccess(text: string): void {
  const note = { id: nextId++, text };
  notes = [...notes, note];
  changed();
  setTimeout(() => dismissSuccess(note.id), SUCCESS_NOTE_MS);
}

export function dismissSuccess(id: number): void {
  if (!notes.some((note) => note.id === id)) return;
  notes = notes.filter((note) => note.id !== id);
  changed();
}

/** For `useSyncExternalStore`. */
export function subscribeSuccessNotes(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const currentSuccessNotes = () => notes;
