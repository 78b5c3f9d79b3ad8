/**
 * Pauses that a stop can end at once: a loop that waits between its rounds `pause`s, and its
 * `stop` calls `wakeAll`, so stopping never waits out a pause.
 */
export class WakeablePauses {
  private readonly sleepers = new Set<() => void>();

  /** Waits `ms`, or less when woken meanwhile. */
  pause(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.sleepers.add(done);
    });
  }

  /** Ends every pause under way. */
  wakeAll(): void {
    for (const done of [...this.sleepers]) done();
  }
}
