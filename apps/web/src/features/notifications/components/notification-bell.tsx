import { Bell } from 'lucide-react';

/** Top-bar bell. Placeholder: the unread badge, polling and the notifications modal come later. */
export function NotificationBell() {
  return (
    <button
      type="button"
      aria-label="Notifications"
      className="relative inline-flex size-10 items-center justify-center rounded-full text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <Bell aria-hidden="true" className="size-5" />
    </button>
  );
}
