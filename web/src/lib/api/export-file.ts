import { formatCount } from '@bo/contract';

/**
 * The file name the server gave in `Content-Disposition` (RFC 6266: `filename*` in UTF-8 wins
 * over `filename`), or the fallback when it gave none.
 */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      // A broken escape: try the plain name.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(disposition);
  const name = (plain?.[2] ?? plain?.[1] ?? '').trim();
  // Only the last path segment: a name is never a place to write to.
  return name.split(/[\\/]/).pop() || fallback;
}

/**
 * Bytes as the progress text shows them, the number through the shared formatters: whole bytes
 * as a count ("512 B"), larger sizes with one decimal, grouped ("1.5 KB", "2,048.0 MB").
 */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${formatCount(bytes)} B`;
  if (bytes < 1024 * 1024) return `${oneDecimal(bytes / 1024)} KB`;
  return `${oneDecimal(bytes / (1024 * 1024))} MB`;
}

/** A size with one decimal, grouped like every other figure: tenths counted, then split. */
function oneDecimal(value: number): string {
  const tenths = Math.round(value * 10);
  return `${formatCount(Math.trunc(tenths / 10))}.${tenths % 10}`;
}
