// The header's notification list: a bell with the unread count that opens, with no script, into the
// list (a <details>). Its items come from the root loader (the server reads them with the page,
// site/server/notifications); each links to its place. Nothing for a visitor or a guest.
import { Link, useRouteLoaderData } from 'react-router';
import { noticeHref, noticeKey, noticeText, type Notices } from '#site/shared/notices.ts';
import { BellIcon } from './icons';

export function NotificationsMenu({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const notices = useRouteLoaderData<{ notices?: Notices | null }>('root')?.notices;
  if (!notices) return null;
  const { items, unread } = notices;
  return (
    <details className={`notices notices--${tone}`} data-testid="notifications">
      <summary className="notices__summary">
        <BellIcon />
        <span className="notices__label">Notifications</span>
        {unread > 0 ? (
          <span className="notices__count">
            <span className="visually-hidden"> (</span>
            {unread}
            <span className="visually-hidden">)</span>
          </span>
        ) : null}
      </summary>
      <div className="notices__panel">
        {items.length === 0 ? (
          <p className="notices__empty">
            Nothing new. Your rematches, support replies and the daily challenge show here.
          </p>
        ) : (
          <ul className="notices__list">
            {items.map((notice) => (
              <li
                key={noticeKey(notice)}
                className={notice.unread ? 'notices__item notices__item--unread' : 'notices__item'}
              >
                <Link to={noticeHref(notice)} className="notices__link">
                  {noticeText(notice)}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </details>
  );
}
