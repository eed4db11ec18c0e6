import { MESSAGES } from '@courier/contract';
import clsx from 'clsx';
import { BellOff, CheckCheck, Trash2, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useDeleteNotification } from '../api/delete-notification';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { relativeTime } from '../lib/relative-time';
import { formatDateTime } from '@/lib/format-date';

/** The notifications modal: title, message and relative time of each; a click marks one read. */
export function NotificationsModal({
  onClose,
  deliveryHref = paths.delivery,
}: {
  onClose: () => void;
  deliveryHref?: (deliveryId: string) => string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const { notifications, unreadCount, isPending } = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const remove = useDeleteNotification();
  const now = new Date();

  const close = () => (typeof ref.current?.close === 'function' ? ref.current.close() : onClose());

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) {
      // Where showModal is missing (old browsers, jsdom) the dialog opens in place instead.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    return () => dialog?.close?.();
  }, []);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes a native modal dialog; the click is for the backdrop only
    <dialog
      ref={ref}
      aria-labelledby="notifications-title"
      onClose={onClose}
      onClick={(event) => event.target === ref.current && close()}
      className="m-0 mt-16 ml-auto max-h-[calc(100dvh-5rem)] w-full max-w-none bg-transparent p-3 backdrop:bg-slate-900/30 sm:mt-18 sm:mr-4 sm:max-w-md sm:p-0"
    >
      <div className="flex max-h-[calc(100dvh-6rem)] flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl">
        <header className="flex items-center gap-2 border-b border-slate-100 px-4 py-3">
          <h2 id="notifications-title" className="text-base font-semibold text-slate-900">
            Notifications
          </h2>
          {unreadCount > 0 && (
            <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-brand-700">
              {unreadCount} new
            </span>
          )}
          <div className="ml-auto flex items-center gap-1">
            {unreadCount > 0 && (
              <button
                type="button"
                onClick={() => markAllRead.mutate()}
                className="inline-flex h-8 items-center gap-1.5 rounded-lg px-2 text-xs font-medium whitespace-nowrap text-brand-700 hover:bg-brand-50"
              >
                <CheckCheck aria-hidden="true" className="size-4" />
                Mark all read
              </button>
            )}
            <button
              type="button"
              onClick={() => close()}
              aria-label="Close notifications"
              className="inline-flex size-8 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
        </header>

        <div className="min-h-0 flex-1 overflow-y-auto">
          {isPending ? (
            <div className="flex justify-center py-10">
              <Spinner />
            </div>
          ) : notifications.length === 0 ? (
            <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
              <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-400">
                <BellOff aria-hidden="true" className="size-6" />
              </span>
              <p className="text-sm font-medium text-slate-600">{MESSAGES.noNotifications}</p>
            </div>
          ) : (
            <ul className="divide-y divide-slate-100">
              {notifications.map((n) => (
                <li key={n._id} className={clsx('group relative flex gap-3 px-4 py-3', !n.isRead && 'bg-brand-50/60')}>
                  <span
                    aria-hidden="true"
                    className={clsx('mt-1.5 size-2 shrink-0 rounded-full', n.isRead ? 'bg-transparent' : 'bg-brand-500')}
                  />
                  <button type="button" onClick={() => !n.isRead && markRead.mutate(n._id)} className="min-w-0 flex-1 text-left">
                    {/* The visible text names the button; the unread hint is for screen readers only. */}
                    <p className={clsx('text-sm text-slate-900', n.isRead ? 'font-medium' : 'font-semibold')}>
                      {n.title}
                      {!n.isRead && <span className="sr-only"> (unread, select to mark as read)</span>}
                    </p>
                    <p className="mt-0.5 text-sm break-words text-slate-600">{n.message}</p>
                    <time dateTime={n.createdAt} title={formatDateTime(n.createdAt)} className="mt-1 block text-xs text-slate-500">
                      {relativeTime(n.createdAt, now)}
                    </time>
                  </button>
                  <div className="flex shrink-0 flex-col items-end gap-1">
                    <button
                      type="button"
                      onClick={() => remove.mutate(n._id)}
                      aria-label={`Delete notification: ${n.title}`}
                      title="Delete"
                      className="inline-flex size-8 items-center justify-center rounded-lg text-slate-400 hover:bg-red-50 hover:text-red-600"
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </button>
                    {n.deliveryId && (
                      <Link
                        to={deliveryHref(n.deliveryId)}
                        onClick={() => {
                          if (!n.isRead) markRead.mutate(n._id);
                          close();
                        }}
                        className="text-xs font-medium whitespace-nowrap text-brand-700 hover:underline"
                      >
                        View
                      </Link>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </dialog>
  );
}
