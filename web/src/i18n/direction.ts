import bootstrapLtrUrl from 'bootstrap/dist/css/bootstrap.min.css?url';
import bootstrapRtlUrl from 'bootstrap/dist/css/bootstrap.rtl.min.css?url';

const LINK_ID = 'bootstrap-css';

/** The cookie that tells the server which direction to serve the page in (index-html.ts). */
const DIRECTION_COOKIE = 'bo_dir';

/**
 * Sets `dir` and `lang` on the document and swaps Bootstrap's stylesheet for its RTL build when
 * needed. Resolves once the stylesheet has loaded, so the first paint is styled. Remembers the
 * direction in the `bo_dir` cookie, so that the next page the server answers comes in it, with
 * its stylesheet, and nothing is swapped.
 */
export function applyDocumentDirection(lang: string): Promise<void> {
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  document.cookie = `${DIRECTION_COOKIE}=${dir}; path=/; max-age=31536000; samesite=lax`;
  const root = document.documentElement;
  root.lang = lang;
  root.dir = dir;
  const href = dir === 'rtl' ? bootstrapRtlUrl : bootstrapLtrUrl;
  let link = document.getElementById(LINK_ID) as HTMLLinkElement | null;
  if (link?.getAttribute('href') === href) return Promise.resolve();
  if (!link) {
    link = document.createElement('link');
    link.id = LINK_ID;
    link.rel = 'stylesheet';
    // Before our own stylesheet, so that the product's styles win over Bootstrap's.
    document.head.prepend(link);
  }
  const loaded = new Promise<void>((resolve) => {
    link.onload = () => resolve();
    link.onerror = () => resolve();
    setTimeout(resolve, 3000);
  });
  link.href = href;
  return loaded;
}
