import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The full-screen toggle of spec section 1. */
export function FullscreenToggle() {
  const { t } = useTranslation();
  const [isFull, setFull] = useState(() => document.fullscreenElement !== null);
  useEffect(() => {
    const onChange = () => setFull(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  };
  return (
    <button
      type="button"
      className="btn topbar-btn d-none d-lg-inline-flex"
      onClick={toggle}
      title={t('topbar.fullScreen')}
      aria-label={t('topbar.fullScreen')}
      aria-pressed={isFull}
    >
      <i className={`bi ${isFull ? 'bi-fullscreen-exit' : 'bi-arrows-fullscreen'}`} aria-hidden />
    </button>
  );
}
