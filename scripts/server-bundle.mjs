// One way to compile the server's TypeScript for Node: esbuild bundles the server and the contract
// package (TypeScript sources) into ESM files; every npm dependency stays an import, resolved from
// node_modules at run time. Used by `npm run build` (build-server.mjs) and `npm run build:release`.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

export const root = path.resolve(import.meta.dirname, '..');

const dependenciesOf = (file) =>
  Object.keys(JSON.parse(readFileSync(path.join(root, file), 'utf8')).dependencies ?? {});

/** The npm packages the compiled server imports: the server's and the contract's dependencies. */
export const runtimePackages = () =>
  [
    ...dependenciesOf('server/package.json'),
    ...dependenciesOf('packages/contract/package.json'),
  ].filter((name) => name !== '@bo/contract');

/**
 * Bundles each entry (`{ name: 'server/src/…ts' }`) to `outdir/<name>.js` with its source map.
 * Each file is written aside and renamed over the old one: a server starting meanwhile reads
 * either the old build or the new one, never half a file.
 */
export async function bundleServer(entries, outdir) {
  const result = await build({
    entryPoints: Object.fromEntries(
      Object.entries(entries).map(([name, file]) => [name, path.join(root, file)]),
    ),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    external: runtimePackages(),
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
    write: false,
  });
  for (const file of result.outputFiles) {
    mkdirSync(path.dirname(file.path), { recursive: true });
    const aside = `${file.path}.${process.pid}.tmp`;
    writeFileSync(aside, file.contents);
    renameSync(aside, file.path);
  }
}
