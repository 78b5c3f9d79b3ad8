/**
 * The web app's page in the direction the browser last used. The web app remembers it in the
 * `bo_dir` cookie (web/src/i18n/direction.ts); the build's Bootstrap link names both of its
 * builds (`href` left to right, `data-rtl-href` right to left: web/build/first-fetches.ts). A
 * browser whose last direction was right to left gets the page right to left with the RTL
 * stylesheet, so an Arabic user fetches one stylesheet before the first paint, not two, and
 * sees no left-to-right flash. Any other browser gets the page as built.
 */

const RTL_COOKIE = /(?:^|;\s*)bo_dir=rtl(?:;|$)/;
const BOOTSTRAP_LINK =
  /<link id="bootstrap-css" rel="stylesheet" href="([^"]+)" data-rtl-href="([^"]+)" \/>/;

/** `html` (the built index.html) as served to a request with `cookie` (its Cookie header). */
export function indexHtmlInDirection(html: string, cookie: string | undefined): string {
  if (!cookie || !RTL_COOKIE.test(cookie)) return html;
  return html
    .replace('<html lang="en" dir="ltr">', '<html lang="ar" dir="rtl">')
    .replace(
      BOOTSTRAP_LINK,
      (_link, _ltr: string, rtl: string) =>
        `<link id="bootstrap-css" rel="stylesheet" href="${rtl}" data-rtl-href="${rtl}" />`,
    );
}
