import type { Plugin } from 'vite';

/** Bootstrap's left-to-right build as the bundler names it (`bootstrap.min-<hash>.css`). */
const LTR_STYLESHEET = /(^|\/)bootstrap\.min-[\w-]+\.css$/;
/** Its right-to-left build (`bootstrap.rtl.min-<hash>.css`). */
const RTL_STYLESHEET = /(^|\/)bootstrap\.rtl\.min-[\w-]+\.css$/;

/**
 * Puts Bootstrap's left-to-right stylesheet in the built index.html, before the product's own
 * stylesheet (which wins), as the link that `i18n/direction.ts` manages (`id="bootstrap-css"`).
 * The browser then fetches it beside the entry scripts instead of after them, when the entry
 * applies the direction: on a slow line that was one more round trip before the sign-in card's
 * first paint (Lighthouse). The link names the right-to-left build too (`data-rtl-href`): the
 * server serves the page with it, right to left, to a browser whose last direction was
 * (`bo_dir` cookie: server/src/http/index-html.ts), so an Arabic user fetches one stylesheet,
 * not two; otherwise a right-to-left language swaps the link's address as before. The dev
 * server has no built file to point at: there `direction.ts` adds the link itself.
 */
export function firstFetches(): Plugin {
  return {
    name: 'bo-first-fetches',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const names = Object.keys(context.bundle ?? {});
        const ltr = names.find((name) => LTR_STYLESHEET.test(name));
        const rtl = names.find((name) => RTL_STYLESHEET.test(name));
        if (!ltr || !rtl)
          throw new Error('The build lacks a Bootstrap stylesheet to link in index.html');
        const link = `<link id="bootstrap-css" rel="stylesheet" href="/${ltr}" data-rtl-href="/${rtl}" />`;
        return html.replace('<title>', `${link}\n    <title>`);
      },
    },
  };
}
