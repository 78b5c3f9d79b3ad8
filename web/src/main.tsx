import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'bootstrap-icons/font/bootstrap-icons.min.css';
import './layout/theme.css';
import { App } from './app/app';
import { getSessionUser, restoreSession } from './lib/session';
import { STORAGE_KEYS } from './lib/storage-keys';
import { initI18n, isLanguage } from './i18n';
import { applyCachedLayoutSettings } from './lib/layout-settings';

/**
 * Start-up: decrypt the stored user, apply its language and cached layout settings, then render,
 * so the first paint is already in the user's language, direction and layout.
 */
async function start() {
  await restoreSession();
  const user = getSessionUser();
  const savedLanguage = localStorage.getItem(STORAGE_KEYS.language);
  const lang = user?.lang ?? (isLanguage(savedLanguage) ? savedLanguage : 'en');
  await Promise.all([applyCachedLayoutSettings(user?.username ?? null), initI18n(lang)]);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
