/** "09:42": the planned arrival at the job's next stop (from the applied route plan), in the phone's time zone; '' without one. */
export function plannedTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}
