/**
 * Layout settings of spec section 1, remembered per user: the choices and the defaults. Kept
 * apart from the call that saves them (calls/security.ts) so that the web app's start-up reads
 * them without loading zod.
 */
export const LAYOUT_SETTINGS = {
  layout: ['vertical', 'horizontal'],
  width: ['fluid', 'boxed'],
  sidebar: ['dark', 'light', 'compact', 'icon', 'colored'],
  topbar: ['dark', 'light', 'colored'],
} as const;
export const DEFAULT_LAYOUT_SETTINGS = {
  layout: 'vertical',
  width: 'fluid',
  sidebar: 'light',
  topbar: 'light',
} as const;
