/**
 * The one way a saved change is confirmed: a short note in the polite live region
 * (`SuccessToasts`), which a screen reader reads out and which leaves the focus where it is.
 * Errors are not notes: they keep the spec's 'Oops...' popup (section 8).
 */
export interface SuccessNote {
  readonly id: number;
  readonly text: string;
  /** Stays until dismissed: the note tells a result to read, not only that it worked. */
  readonly keep: boolean;
}

/**
 * How long a plain confirmation stays before it leaves by itself (it can be dismissed sooner).
 * Long enough to read twice; the time stops while the pointer or the focus is on the notes
 * (WCAG 2.2.1, timing adjustable).
 */
export const SUCCESS_NOTE_MS = 8000;

let notes: readonly SuccessNote[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());
/** Each plain note's timer, and the time it has left while the notes are held. */
const timers = new Map<number, { handle: ReturnType<typeof setTimeout> | null; endsAt: number }>();
let held = false;

function startTimer(id: number, ms: number): void {
  timers.set(id, {
    handle: held ? null : setTimeout(() => dismissSuccess(id), ms),
    endsAt: Date.now() + ms,
  });
}

/**
 * Says that an action succeeded. A plain confirmation leaves by itself after
 * `SUCCESS_NOTE_MS`; with `keep` (a result the person needs to read) it stays until dismissed.
 */
export function announceSuccess(text: string, { keep = false }: { keep?: boolean } = {}): void {
  const note = { id: nextId++, text, keep };
  notes = [...notes, note];
  changed();
  if (!keep) startTimer(note.id, SUCCESS_NOTE_MS);
}

export function dismissSuccess(id: number): void {
  const timer = timers.get(id);
  if (timer?.handle) clearTimeout(timer.handle);
  timers.delete(id);
  if (!notes.some((note) => note.id === id)) return;
  notes = notes.filter((note) => note.id !== id);
  changed();
}

/**
 * Stops the notes leaving while the person is on them (pointer or focus), and lets them go on
 * afterwards with at least a few seconds more, so a note is never gone under the pointer.
 */
export function holdSuccessNotes(hold: boolean): void {
  if (hold === held) return;
  held = hold;
  for (const [id, timer] of timers) {
    if (hold) {
      if (timer.handle) clearTimeout(timer.handle);
      timers.set(id, { handle: null, endsAt: timer.endsAt });
    } else startTimer(id, Math.max(timer.endsAt - Date.now(), SUCCESS_NOTE_MS / 2));
  }
}

/** For `useSyncExternalStore`. */
export function subscribeSuccessNotes(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const currentSuccessNotes = () => notes;
