import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { telegramLinkOf, useExternalLinks } from '../../lib/links';
import { useSessionUser } from '../../lib/session';

/** One way to reach support: an icon, a name, what it is for and its link. */
function Channel({
  icon,
  title,
  text,
  children,
  testId,
}: {
  icon: string;
  title: string;
  text: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <li className="list-group-item d-flex gap-3 align-items-start px-0" data-testid={testId}>
      <i className={`bi bi-${icon} fs-4 text-primary`} aria-hidden />
      <div className="flex-grow-1">
        <div className="fw-medium">{title}</div>
        <div className="text-body-secondary small mb-1">{text}</div>
        {children}
      </div>
    </li>
  );
}

/**
 * How to reach support: the announcement channel and the chat from the server's settings
 * (getAppSettings), and the user's own Telegram contact, where support answers them.
 */
export function SupportContactsCard() {
  const { t } = useTranslation();
  const links = useExternalLinks();
  const user = useSessionUser();
  const telegram = telegramLinkOf(user?.telegram_id);
  const external = { target: '_blank', rel: 'noopener noreferrer' } as const;
  return (
    <div className="card h-100" data-testid="support-contacts">
      <div className="card-body">
        <h5 className="card-title mb-3">{t('technical.support.contacts.title')}</h5>
        <ul className="list-group list-group-flush">
          <Channel
            icon="megaphone"
            title={t('technical.support.contacts.announcements')}
            text={t('technical.support.contacts.announcementsText')}
            testId="support-channel-announcements"
          >
            <a href={links.announcementChannel} {...external} dir="ltr">
              {links.announcementChannel}
            </a>
          </Channel>
          <Channel
            icon="skype"
            title={t('technical.support.contacts.chat')}
            text={t('technical.support.contacts.chatText')}
            testId="support-channel-chat"
          >
            <a href={links.skype} {...external} dir="ltr">
              {links.skype}
            </a>
          </Channel>
          <Channel
            icon="telegram"
            title={t('technical.support.contacts.telegram')}
            text={t('technical.support.contacts.telegramText')}
            testId="support-channel-telegram"
          >
            {telegram ? (
              <div className="d-flex flex-wrap gap-2 align-items-center">
                <bdi className="font-monospace">{user?.telegram_id}</bdi>
                <Link to="/support-on-telegram" className="btn btn-sm btn-outline-primary">
                  {t('technical.support.contacts.openTelegram')}
                </Link>
                <Link to="/profile" className="btn btn-sm btn-link">
                  {t('technical.support.contacts.changeTelegram')}
                </Link>
              </div>
            ) : (
              <div className="d-flex flex-wrap gap-2 align-items-center">
                <span className="text-body-secondary">
                  {t('technical.support.contacts.noTelegram')}
                </span>
                <Link to="/profile" className="btn btn-sm btn-outline-primary">
                  {t('technical.support.contacts.addTelegram')}
                </Link>
              </div>
            )}
          </Channel>
        </ul>
      </div>
    </div>
  );
}
