import type { Plugin } from 'vite';

/**
 * Addresses outside this origin that a library's bundle would load at run time, each with the
 * file of this build that takes its place. Nothing a page shows may come from elsewhere: the
 * Content-Security-Policy allows images from this origin only (server/src/http/security-headers.ts).
 */
const REPLACEMENTS: readonly { module: RegExp; remote: string; local: string }[] = [
  // Redoc's sidebar credit ("API docs by Redocly") draws Redocly's logo from its CDN.
  {
    module: /[\\/]node_modules[\\/]redoc[\\/]/,
    remote: 'https://cdn.redoc.ly/redoc/logo-mini.svg',
    local: '/redoc-logo-mini.svg',
  },
];

/**
 * Rewrites each remote address of `REPLACEMENTS` in its library's code to the local file in
 * `web/public`. A library whose code no longer holds the address fails the build, naming it:
 * an upgrade may have moved the address, and the page would then load it from outside again.
 */
export function localAssets(): Plugin {
  const replaced = new Set<string>();
  return {
    name: 'bo-local-assets',
    apply: 'build',
    transform(code, id) {
      let out = code;
      for (const { module, remote, local } of REPLACEMENTS) {
        if (!module.test(id) || !out.includes(remote)) continue;
        out = out.replaceAll(remote, local);
        replaced.add(remote);
      }
      return out === code ? null : { code: out, map: null };
    },
    buildEnd(error) {
      if (error) return;
      const missed = REPLACEMENTS.filter(({ remote }) => !replaced.has(remote));
      if (missed.length > 0)
        this.error(
          `No library code held ${missed.map((m) => m.remote).join(', ')}: check what loads from outside now (web/build/local-assets.ts)`,
        );
    },
  };
}
