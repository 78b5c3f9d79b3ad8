import { useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { RouteId } from '@bo/contract';
import { DemoSeedBanner } from './demo-seed-banner';
import { Footer } from './footer';
import { HorizontalNav } from './horizontal-nav';
import { useLayoutSettings } from '../lib/layout-settings';
import { Preloader } from './preloader';
import { SettingsPanel } from './settings-panel';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import { useSessionSync } from './use-session-sync';
import { useIsTwoFactorReminderSettled } from '../lib/two-factor-reminder-state';
import { useTwoFactorReminder } from './use-two-factor-reminder';

/**
 * The signed-in frame: top bar, side menu (vertical) or menu bar (horizontal), content, footer
 * and the settings panel. Below the desktop breakpoint the menu hides behind the menu button.
 */
export function AppLayout({ routeId, children }: { routeId: RouteId; children: ReactNode }) {
  const { layout } = useLayoutSettings();
  const { pathname } = useLocation();
  // The mobile menu closes by itself on the next page: the open state remembers its page.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const [isSettingsOpen, setSettingsOpen] = useState(false);
  const isMenuOpen = menuOpenAt === pathname;
  const closeMenu = () => setMenuOpenAt(null);
  useSessionSync();
  const isReminderDue = useTwoFactorReminder(routeId);
  const isReminderSettled = useIsTwoFactorReminderSettled();

  return (
    // data-two-factor-reminder says whether this page pops the 2FA reminder (due), popped it and
    // saw it closed (closed), or never does (none), so that a script (the browser tests) waits
    // for it only while it is still to come; data-layout-page names the page it speaks of.
    <div
      id="layout-wrapper"
      className={isMenuOpen ? 'menu-open' : ''}
      data-two-factor-reminder={isReminderDue ? (isReminderSettled ? 'closed' : 'due') : 'none'}
      data-layout-page={pathname}
    >
      <TopBar
        isMenuOpen={isMenuOpen}
        onToggleMenu={() => setMenuOpenAt(isMenuOpen ? null : pathname)}
        onOpenSettings={() => setSettingsOpen(true)}
      />
      {layout === 'vertical' ? (
        <Sidebar isOpen={isMenuOpen} onNavigate={closeMenu} />
      ) : (
        <HorizontalNav isOpen={isMenuOpen} onNavigate={closeMenu} />
      )}
      {isMenuOpen && layout === 'vertical' && (
        <div className="menu-backdrop d-lg-none" onClick={closeMenu} aria-hidden />
      )}
      <div className="main-content">
        <main className="page-content">
          <div className="layout-container">
            <DemoSeedBanner />
            {children}
          </div>
          <Preloader />
        </main>
        <Footer />
      </div>
      <SettingsPanel isOpen={isSettingsOpen} onClose={() => setSettingsOpen(false)} />
    </div>
  );
}
