/**
 * Hands a whole file to the browser as a download under `name` (an export gathered in memory,
 * a dispute's evidence file). The object URL is freed a minute later, once the browser has
 * surely taken the blob: revoked at once, some browsers drop the download.
 */
export function saveBlobAs(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
