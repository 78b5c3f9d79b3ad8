/**
 * A Bootstrap Icons glyph as inline SVG, for what the sign-in pages and the error states around
 * every screen show: those must not fetch the icon font (134 KB) nor its stylesheet, which only
 * the signed-in frame loads (app/app-frame.tsx). Pass the icon's file as raw text, imported where
 * it is used: `import personLock from 'bootstrap-icons/icons/person-lock.svg?raw'`. Sized and
 * coloured as the font's glyph would be (1em, the text colour).
 */
export function SvgIcon({ svg, className = '' }: { svg: string; className?: string }) {
  return (
    <span
      className={`svg-icon ${className}`.trimEnd()}
      aria-hidden
      // The SVG is a file of the bootstrap-icons package, read at build time: never user input.
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
