// Runs before the app (index.html): zod probes `new Function('')` when it builds an object
// schema, which the Content-Security-Policy (no 'unsafe-eval') blocks and reports on every
// page. Jitless, zod never tries (docs/security.md).
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, {
  jitless: true,
});
