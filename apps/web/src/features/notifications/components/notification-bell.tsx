import { Bell } from 'lucide-react';
import { useState } from 'react';
import { useNotifications } from '../api/get-notifications';
import { NotificationsModal } from './notifications-modal';

/**
 * Top-bar bell: the unread badge (polled every 30 s while the tab is visible) opening the notifications modal.
 * `deliveryHref` is where a notice's View link goes (the customer's delivery page unless given).
 */
export function NotificationBell({ deliveryHref }: { deliveryHref?: (deliveryId: string) => string }) {
  const [open, setOpen] = useState(false);
  const { unreadCount, refetch } = useNotifications();
  const badge = unreadCount > 99 ? '99+' : String(unreadCount);

  return (
    <>
      <button
        type="button"
        // The name carries the badge exactly as shown ("99+"), so speech users can say what they see; never in
        // parentheses, which axe's label-content-name-mismatch leaves out of the name it compares.
        aria-label={unreadCount > 0 ? `Notifications, ${badge} unread` : 'Notifications'}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setOpen(true);
          void refetch();
        }}
        className="relative inline-flex size-10 items-center justify-center rounded-full text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <Bell aria-hidden="true" className="size-5" />
        {unreadCount > 0 && (
          <span
            data-testid="notification-badge"
            className="absolute top-1 right-1 flex h-4.5 min-w-4.5 translate-x-1/4 -translate-y-1/4 items-center justify-center rounded-full bg-red-600 px-1 text-[0.6875rem] leading-none font-semibold text-white ring-2 ring-white"
          >
            {badge}
          </span>
        )}
      </button>
      {open && <NotificationsModal onClose={() => setOpen(false)} deliveryHref={deliveryHref} />}
    </>
  );
}
