import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; fonts in woff2 and images are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt|map|woff|ttf)$/;
/** Below this a compressed copy saves less than a header costs. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * Writes a `.br` (brotli, best) and a `.gz` (gzip -9) copy beside every text file of the build,
 * which the server's static files plugin sends to a browser that accepts them
 * (`preCompressed`): the sign-in page's scripts and styles travel at about a quarter of their
 * size, with no compression work per request. index.html is left out: the server answers it
 * itself, with each answer's nonce.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'bo-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file) || file.endsWith('index.html')) continue;
        const content = readFileSync(file);
        if (content.length < MIN_BYTES) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
      }
    },
  };
}
