/**
 * `YYYY-MM-DDTHH:mm` of the browser's clock for an instant: what a `datetime-local` input
 * shows, and reads back with `new Date(value)` (the browser's zone) for the server's ISO text.
 */
export const localInputOf = (iso: string) => {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
