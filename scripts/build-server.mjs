// Compiles the server to one JavaScript file, server/dist/src/main.js, for `npm start`/`npm run serve`:
// the server and the contract package (TypeScript sources) are bundled; every npm dependency stays
// an import. The bundle sits as deep as server/src/<folder>/, so the paths the server finds from
// its own location (../../migrations, ../../../web/dist) mean the same folders.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const dependencies = (file) =>
  Object.keys(JSON.parse(readFileSync(path.join(root, file), 'utf8')).dependencies ?? {});
const external = [
  ...dependencies('server/package.json'),
  ...dependencies('packages/contract/package.json'),
].filter((name) => name !== '@bo/contract');

const started = Date.now();
const result = await build({
  entryPoints: [path.join(root, 'server/src/main.ts')],
  outfile: path.join(root, 'server/dist/src/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  external,
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  write: false,
});
// Each file is written aside and renamed over the old one: a server starting meanwhile reads
// either the old build or the new one, never half a file.
for (const file of result.outputFiles) {
  mkdirSync(path.dirname(file.path), { recursive: true });
  const aside = `${file.path}.${process.pid}.tmp`;
  writeFileSync(aside, file.contents);
  renameSync(aside, file.path);
}
console.log(`server built: server/dist/src/main.js in ${Date.now() - started} ms`);
