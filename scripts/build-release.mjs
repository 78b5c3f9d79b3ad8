// `npm run build:release`: a self-contained production folder, release/, that runs with Node 24
// and nothing else (docs/operations.md, "A production install"):
//   server.js, admin-create.js, ledger-check.js, migrate.js,
//   backup.js, restore.js                                    the entry points (`node server.js`)
//   server/dist/src/*.js                                      the compiled server and its tools
//   server/migrations/, web/dist/                             beside them, where the server looks
//   node_modules/                                             the production dependencies only
//   package.json                                              `npm start`, `npm run admin:create` …
// The dependencies are copied from this checkout's node_modules (the versions package-lock.json
// pinned), walking each runtime package's dependencies: nothing is downloaded, and no dev-only
// package (TypeScript, Vite, ECharts, the test tools) is in it.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { bundleServer, root, runtimePackages } from './server-bundle.mjs';

const release = path.join(root, 'release');
const at = (...parts) => path.join(root, ...parts);
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** Where Node would find package `name` from `dir`: the nearest node_modules up to the root. */
function locate(name, dir) {
  for (let here = dir; ; here = path.dirname(here)) {
    const candidate = path.join(here, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (here === root) return null;
  }
}

/** Every package folder the runtime packages need, each once (optional ones when installed). */
function productionPackages() {
  const found = new Set();
  const visit = (name, from, optional) => {
    const dir = locate(name, from);
    if (!dir) {
      if (optional) return;
      throw new Error(`build:release: ${name} (needed from ${from}) is not installed`);
    }
    if (found.has(dir)) return;
    found.add(dir);
    const manifest = readJson(path.join(dir, 'package.json'));
    for (const dep of Object.keys(manifest.dependencies ?? {})) visit(dep, dir, false);
    for (const dep of Object.keys(manifest.optionalDependencies ?? {})) visit(dep, dir, true);
  };
  for (const name of runtimePackages()) visit(name, root, false);
  return [...found].sort();
}

async function sizeOf(dir) {
  let bytes = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) bytes += statSync(path.join(entry.parentPath, entry.name)).size;
  return bytes;
}

const started = Date.now();
rmSync(release, { recursive: true, force: true });

// `--web-built`: web/dist is this checkout's build already (CI: `npm test` just built and tested it).
if (process.argv.includes('--web-built')) {
  if (!existsSync(at('web/dist/index.html'))) {
    console.error(
      'build:release --web-built: web/dist is missing; run `npm run build -w web` first',
    );
    process.exit(1);
  }
} else {
  const web = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (web.status !== 0) process.exit(web.status ?? 1);
}
await bundleServer(
  {
    main: 'server/src/main.ts',
    'admin-create': 'server/src/cli/create-admin.ts',
    'ledger-check': 'server/src/cli/ledger-check.ts',
    migrate: 'server/src/cli/migrate.ts',
    backup: 'server/src/cli/backup.ts',
    restore: 'server/src/cli/restore.ts',
  },
  path.join(release, 'server/dist/src'),
);
cpSync(at('server/migrations'), path.join(release, 'server/migrations'), { recursive: true });
cpSync(at('web/dist'), path.join(release, 'web/dist'), { recursive: true });
const packages = productionPackages();
for (const dir of packages)
  cpSync(dir, path.join(release, path.relative(root, dir)), {
    recursive: true,
    // A package's own node_modules holds only what the walk copies by itself.
    filter: (source) => !path.relative(dir, source).split(path.sep).includes('node_modules'),
  });

/** The oldest Node this release runs on: the checkout's `engines.node` (`>=24.16`). */
const NEEDED_NODE = readJson(at('package.json')).engines.node.replace(/^>=/, '');
/**
 * An entry point: it checks the Node it runs on before it loads the server, whose first
 * import of a newer API (crypto.randomUUIDv7) would otherwise die with a SyntaxError that says
 * nothing of the version; it exits 1 naming the version needed and the one found.
 */
const entry = (file, note) => `// ${note}
const needed = '${NEEDED_NODE}'.split('.').map(Number);
const found = process.versions.node.split('.').map(Number);
if (found[0] < needed[0] || (found[0] === needed[0] && found[1] < needed[1])) {
  console.error(
    \`The back office needs Node.js ${NEEDED_NODE} or newer; this is Node.js \${process.versions.node} (\${process.execPath}).\`,
  );
  process.exit(1);
}
process.env.NODE_ENV ??= 'production';
await import('./server/dist/src/${file}');
`;
writeFileSync(path.join(release, 'server.js'), entry('main.js', 'Starts the back office.'));
writeFileSync(
  path.join(release, 'admin-create.js'),
  entry('admin-create.js', 'Makes an admin: --email, --username, [--name]; ADMIN_PASSWORD.'),
);
writeFileSync(
  path.join(release, 'ledger-check.js'),
  entry('ledger-check.js', 'Checks the books; exits 1 naming each drift.'),
);
writeFileSync(
  path.join(release, 'migrate.js'),
  entry('migrate.js', 'Applies the migrations the database lacks.'),
);
writeFileSync(
  path.join(release, 'backup.js'),
  entry(
    'backup.js',
    'Writes a .tar.gz of the embedded DATA_DIR (refused while a server holds it).',
  ),
);
writeFileSync(
  path.join(release, 'restore.js'),
  entry('restore.js', 'Unpacks a backup into an empty DATA_DIR.'),
);
const { version } = readJson(at('package.json'));
writeFileSync(
  path.join(release, 'package.json'),
  `${JSON.stringify(
    {
      name: 'payment-back-office',
      version,
      private: true,
      type: 'module',
      engines: { node: '>=24.16' },
      scripts: {
        start: 'node server.js',
        'admin:create': 'node admin-create.js',
        'ledger:check': 'node ledger-check.js',
        'db:migrate': 'node migrate.js',
        backup: 'node backup.js',
        restore: 'node restore.js',
      },
    },
    null,
    2,
  )}\n`,
);

const megabytes = (bytes) => (bytes / 1024 / 1024).toFixed(1);
console.log(
  `release/ built in ${((Date.now() - started) / 1000).toFixed(0)} s: ${megabytes(await sizeOf(release))} MB ` +
    `(${packages.length} packages, ${megabytes(await sizeOf(path.join(release, 'node_modules')))} MB of them; ` +
    `web app ${megabytes(await sizeOf(path.join(release, 'web/dist')))} MB)`,
);
