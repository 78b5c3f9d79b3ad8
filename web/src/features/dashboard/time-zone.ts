/** A duration in seconds as whole days and an "hh:mm:ss" clock (days are worded by the caller). */
export function durationParts(totalSeconds: number): { days: number; clock: string } {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  return {
    days: Math.floor(seconds / 86_400),
    clock: `${pad(hours)}:${pad(minutes)}:${pad(seconds % 60)}`,
  };
}
