// Compiles the server to one JavaScript file, server/dist/src/main.js, for `npm start`/`npm run serve`
// (scripts/server-bundle.mjs). The bundle sits as deep as server/src/<folder>/, so the paths the
// server finds from its own location (../../migrations, ../../../web/dist) mean the same folders.
import path from 'node:path';
import { bundleServer, root } from './server-bundle.mjs';

const started = Date.now();
await bundleServer({ main: 'server/src/main.ts' }, path.join(root, 'server/dist/src'));
console.log(`server built: server/dist/src/main.js in ${Date.now() - started} ms`);
