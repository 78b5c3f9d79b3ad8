import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './layout/theme.css';
import { matchRoute } from '@bo/contract';
import { App } from './app/app';
import { SCREENS } from './app/screens';
import { preloadScreen } from './app/screen-slot';
import { getSessionUser, restoreSession } from './lib/session';
import { STORAGE_KEYS } from './lib/storage-keys';
import { initI18n, isLanguage } from './i18n';
import { applyCachedLayoutSettings } from './lib/layout-settings';

/**
 * A sign-in page's code loads beside the language, so the sign-in card's first paint holds the
 * form instead of a spinner the form then pushes about (Lighthouse counted that as layout
 * shift). A failed load is left to the screen's own retry.
 */
function loadSignInScreen(): Promise<void> | undefined {
  const match = matchRoute(window.location.pathname);
  const routeId = match?.route.id as keyof typeof SCREENS | undefined;
  if (!routeId || SCREENS[routeId].frame !== 'guest') return undefined;
  return preloadScreen(routeId);
}

/**
 * Start-up: decrypt the stored user, apply its language and cached layout settings, then render,
 * so the first paint is already in the user's language, direction and layout.
 */
async function start() {
  await restoreSession();
  const user = getSessionUser();
  const savedLanguage = localStorage.getItem(STORAGE_KEYS.language);
  const lang = user?.lang ?? (isLanguage(savedLanguage) ? savedLanguage : 'en');
  await Promise.all([
    applyCachedLayoutSettings(user?.username ?? null),
    initI18n(lang),
    loadSignInScreen(),
  ]);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
