/** How old a driver's last position is, as dispatch reads it: "just now", "4 min ago", "2 h 5 min ago", "3 days ago". */
export function fixAge(at: string | Date, now: Date = new Date()): string {
  const then = at instanceof Date ? at : new Date(at);
  const seconds = Math.max(0, Math.round((now.getTime() - then.getTime()) / 1000));
  if (Number.isNaN(seconds)) return '';
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min ago` : `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? 'day' : 'days'} ago`;
}
