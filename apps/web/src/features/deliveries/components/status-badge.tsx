/** Moved to components/ui so the staff and driver areas share it. */
export { StatusBadge } from '@/components/ui/status-badge';
