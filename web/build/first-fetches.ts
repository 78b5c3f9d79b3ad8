import type { Plugin } from 'vite';

/** Bootstrap's left-to-right build as the bundler names it (`bootstrap.min-<hash>.css`). */
const LTR_STYLESHEET = /(^|\/)bootstrap\.min-[\w-]+\.css$/;

/**
 * Puts Bootstrap's left-to-right stylesheet in the built index.html, before the product's own
 * stylesheet (which wins), as the link that `i18n/direction.ts` manages (`id="bootstrap-css"`).
 * The browser then fetches it beside the entry scripts instead of after them, when the entry
 * applies the direction: on a slow line that was one more round trip before the sign-in card's
 * first paint (Lighthouse). A right-to-left language swaps the link's address as before. The
 * dev server has no built file to point at: there `direction.ts` adds the link itself.
 */
export function firstFetches(): Plugin {
  return {
    name: 'bo-first-fetches',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const stylesheet = Object.keys(context.bundle ?? {}).find((name) =>
          LTR_STYLESHEET.test(name),
        );
        if (!stylesheet)
          throw new Error('The build has no Bootstrap stylesheet to link in index.html');
        const link = `<link id="bootstrap-css" rel="stylesheet" href="/${stylesheet}" />`;
        return html.replace('<title>', `${link}\n    <title>`);
      },
    },
  };
}
