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

/** Bytes as the progress text shows them: "512 B", "1.5 KB", "12.0 MB". */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
