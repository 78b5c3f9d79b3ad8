// `npm start [-- --seed-demo]`: builds the web app (unless WEB_DIST_DIR points at another build) and
// the server only when their sources changed since the last build, then runs the compiled server (NODE_ENV=production) in this process with
// the given arguments. `--no-build` (npm run serve) skips the builds and refuses a missing one.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const at = (...parts) => path.join(root, ...parts);

/** The newest modification time under these files and folders (0 when none exists). */
function newest(paths) {
  let latest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) {
      for (const name of readdirSync(p)) if (name !== 'node_modules') visit(path.join(p, name));
    } else latest = Math.max(latest, stat.mtimeMs);
  };
  paths.forEach(visit);
  return latest;
}

const contract = [at('packages/contract/src'), at('packages/contract/package.json')];
const builds = [
  {
    what: 'web app',
    output: at('web/dist/index.html'),
    sources: [
      at('web/src'),
      at('web/public'),
      at('web/index.html'),
      at('web/vite.config.ts'),
      at('web/package.json'),
      ...contract,
    ],
    command: ['npm', ['run', 'build', '-w', 'web']],
  },
  {
    what: 'server',
    output: at('server/dist/src/main.js'),
    sources: [
      at('server/src'),
      at('server/package.json'),
      at('scripts/build-server.mjs'),
      ...contract,
    ],
    command: [process.execPath, [at('scripts/build-server.mjs')]],
  },
];

const args = process.argv.slice(2);
const noBuild = args.includes('--no-build');
for (const b of builds) {
  // WEB_DIST_DIR serves a web app built elsewhere: the one in web/dist is not needed.
  if (b.what === 'web app' && process.env.WEB_DIST_DIR) continue;
  const built = existsSync(b.output) ? statSync(b.output).mtimeMs : 0;
  if (built && (noBuild || newest(b.sources) <= built)) continue;
  if (noBuild) {
    console.error(`The ${b.what} is not built: run \`npm run build\` first.`);
    process.exit(1);
  }
  console.log(
    built ? `The ${b.what} changed since its build: building it` : `Building the ${b.what}`,
  );
  const run = spawnSync(b.command[0], b.command[1], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

// The server reads its arguments (--seed-demo) from process.argv, as when started directly.
process.argv = [
  process.argv[0],
  at('server/dist/src/main.js'),
  ...args.filter((a) => a !== '--no-build'),
];
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(at('server/dist/src/main.js')).href);
