import { formatTime } from '@/lib/format-date';

/** "9:42 AM": the planned arrival at the job's next stop (from the applied route plan), in the phone's time zone; '' without one. */
export const plannedTime = (iso: string | null | undefined): string => formatTime(iso);
