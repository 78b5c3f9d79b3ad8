import { Inflate } from 'fflate';

/** The window DEFLATE refers back into: an inflater keeps this much of what it wrote. */
const WINDOW_BYTES = 32 * 1024;
/** Room after the window that an inflate step writes into without growing its buffer. */
const ROOM_BYTES = 256 * 1024;

/** The state fflate's `Inflate` keeps between pushes (0.8.x): its output buffer and its length. */
interface InflateState {
  o?: unknown;
  s?: { b?: unknown };
}

/**
 * fflate's streaming `Inflate`, fed small slices without the cost each slice has there: after
 * every push fflate keeps only the last 32 KB window, in a buffer exactly that size, so the next
 * push grows it to 160 KB (zeroed and copied) before it writes a byte: most of the CPU time of
 * reading an XLSX statement a kilobyte at a time (issue 39). Here the window is copied back
 * into one buffer with `ROOM_BYTES` to spare, kept for the inflater's life, so a push only
 * writes what it inflates (a push that inflates more still grows a buffer of its own, as
 * before). When fflate's state is not what this expects (another version), it is left as it is.
 */
export class WindowInflate extends Inflate {
  private readonly kept = new Uint8Array(WINDOW_BYTES + ROOM_BYTES);

  /** Whether the last push left the window in the kept buffer (fflate's state as expected). */
  get keepsWindow(): boolean {
    return (this as unknown as InflateState).o === this.kept;
  }

  override push(chunk: Uint8Array, final?: boolean): void {
    super.push(chunk, final);
    const state = this as unknown as InflateState;
    const window = state.o;
    if (
      window instanceof Uint8Array &&
      window !== this.kept &&
      window.length <= WINDOW_BYTES &&
      state.s?.b === window.length
    ) {
      this.kept.set(window);
      state.o = this.kept;
    }
  }
}
