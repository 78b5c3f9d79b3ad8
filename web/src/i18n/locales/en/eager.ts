import { auth } from './auth';
import { common } from './common';
import { footer } from './footer';
import { languages } from './languages';
import { page } from './page';
import { popup } from './popup';
import { routes } from './routes';
import { security } from './security';
import { feedback } from './feedback';

/**
 * The English the app ships with: what the sign-in pages and the popups around every screen say.
 * The signed-in frame's own namespaces load with it (`enSignedIn`, ./signed-in.ts), and some
 * screens load theirs (`SCREEN_NAMESPACES` in ../../screen-namespaces.ts), so /login's first
 * load stays small. `security` is here because the 2FA and login-IP set-up steps of sign-in use it.
 */
export const enEager = {
  common,
  footer,
  languages,
  popup,
  feedback,
  routes,
  page,
  auth,
  security,
};
