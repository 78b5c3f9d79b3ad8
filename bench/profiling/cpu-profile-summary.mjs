// Sums a server profile per pay-in, to compare two checkouts' profiles of the same load:
//   node cpu-profile-summary.mjs <file.cpuprofile> <pay-ins> [top] [--window=<s>]
//     self time by package or src folder, and by function, of the last <s> busy seconds
//     (the load, not the start-up) divided by <pay-ins> (the rate times <s>);
//   node cpu-profile-summary.mjs --heap <file.heapprofile> <pay-ins> [top]
//     bytes sampled by allocating function (survivor-sampler.mjs's profiles).
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const heap = args[0] === '--heap';
const [file, payinsArg, topArg] = args.filter((a) => !a.startsWith('--'));
const windowSeconds = Number(args.find((a) => a.startsWith('--window='))?.slice(9) ?? 0);
const payins = Number(payinsArg || 1);
const top = Number(topArg || 30);
const profile = JSON.parse(readFileSync(file, 'utf8'));

const shortUrl = (url) =>
  url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/server\/src\//, 'src/');
const frameName = (cf) =>
  `${cf.functionName || '(anonymous)'} ${shortUrl(cf.url)}:${cf.lineNumber}`;
const groupOf = (cf) => {
  const url = cf.url || '';
  if (url.includes('node_modules/'))
    return url.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, '$1');
  if (url.includes('/server/src/'))
    return `src/${url.replace(/^.*\/server\/src\/([^/]+).*$/, '$1')}`;
  if (url.startsWith('node:')) return 'node internals';
  return url ? 'other' : cf.functionName;
};
const add = (map, key, value) => map.set(key, (map.get(key) ?? 0) + value);
const print = (title, map, unit, scale) => {
  console.log(`--- ${title}`);
  for (const [key, value] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${(value / payins / scale).toFixed(2).padStart(9)} ${unit}  ${key}`);
};

if (heap) {
  const byFunction = new Map();
  const walk = (node) => {
    if (node.selfSize) add(byFunction, frameName(node.callFrame), node.selfSize);
    node.children.forEach(walk);
  };
  walk(profile.head);
  print('bytes per pay-in by allocating function', byFunction, 'KB', 1024);
} else {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const idle = profile.nodes.find((n) => n.callFrame.functionName === '(idle)')?.id;
  const times = [];
  let t = 0;
  for (const delta of profile.timeDeltas) times.push((t += delta));
  let [from, to] = [-Infinity, Infinity];
  if (windowSeconds) {
    // The load ends with the last second that was at least 30 % busy.
    const busy = new Map();
    profile.samples.forEach((id, i) => {
      if (id !== idle) add(busy, Math.floor(times[i] / 1e6), profile.timeDeltas[i]);
    });
    to = Math.max(...[...busy].filter(([, us]) => us > 3e5).map(([s]) => s)) * 1e6;
    from = to - windowSeconds * 1e6;
  }
  const byFunction = new Map();
  const byGroup = new Map();
  let total = 0;
  profile.samples.forEach((id, i) => {
    if (id === idle || times[i] < from || times[i] > to) return;
    const cf = nodes.get(id).callFrame;
    const us = profile.timeDeltas[i];
    total += us;
    add(byFunction, frameName(cf), us);
    add(byGroup, groupOf(cf), us);
  });
  console.log(`busy ${(total / 1e6).toFixed(2)} s, ${(total / payins).toFixed(0)} µs per pay-in`);
  print('µs per pay-in by package or src folder', byGroup, 'µs', 1);
  print('µs per pay-in by function', byFunction, 'µs', 1);
}
