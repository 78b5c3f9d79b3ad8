import http from 'node:http';

export interface ExportRun {
  seconds: number;
  bytes: number;
  /** Newlines in the file (CSV: one per row, plus the heading lines). */
  lines: number;
  /** This process's resident memory when the export began. */
  rssStart: number;
  /**
   * How far this process's resident memory rose, at its peak, above where it was when the
   * export began.
   */
  rssRise: number;
  /** How far the JavaScript heap in use and the memory outside it (buffers) rose. */
  heapRise: number;
  externalRise: number;
}

/**
 * Streams one `exportList` answer over real HTTP to nowhere, counting bytes and newlines and
 * sampling this process's memory (the server runs in it) every 10 ms: the peaks of its resident
 * memory, of the heap in use and of the memory outside the heap, above where each stood when the
 * request went out.
 */
export function downloadExport(port: number, fields: Record<string, string>): Promise<ExportRun> {
  return new Promise<ExportRun>((resolve, reject) => {
    const body = new URLSearchParams(fields).toString();
    // With --expose-gc, the rise is measured from a collected heap, not from leftover garbage.
    (globalThis as { gc?: () => void }).gc?.();
    const start = process.memoryUsage();
    const peak = { ...start };
    const sample = () => {
      const now = process.memoryUsage();
      peak.rss = Math.max(peak.rss, now.rss);
      peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
      peak.external = Math.max(peak.external, now.external);
    };
    const sampler = setInterval(sample, 10);
    const started = performance.now();
    const request = http.request(
      {
        port,
        method: 'POST',
        path: '/controller/admin/exportList',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        let bytes = 0;
        let lines = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
        });
        response.on('end', () => {
          clearInterval(sampler);
          sample();
          if (response.statusCode !== 200) reject(new Error(`HTTP ${response.statusCode}`));
          else
            resolve({
              seconds: (performance.now() - started) / 1000,
              bytes,
              lines,
              rssStart: start.rss,
              rssRise: peak.rss - start.rss,
              heapRise: peak.heapUsed - start.heapUsed,
              externalRise: peak.external - start.external,
            });
        });
        response.on('error', reject);
      },
    );
    request.on('error', (error) => {
      clearInterval(sampler);
      reject(error);
    });
    request.end(body);
  });
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
