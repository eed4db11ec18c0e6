/** A backup archive's file name: the prefix, the time it was taken (sortable) and the extension. */
export const BACKUP_PREFIX = 'courier-backup-';
export const BACKUP_EXTENSION = '.tar';

/** `courier-backup-2026-11-27T18-00-00-000Z.tar`: colons left out, so the name is valid on every file system. */
export const backupArchiveName = (at: Date) =>
  `${BACKUP_PREFIX}${at.toISOString().replaceAll(':', '-').replace('.', '-')}${BACKUP_EXTENSION}`;

/** A complete archive (one still being written has another extension until it is renamed). */
export const isBackupArchive = (name: string) => name.startsWith(BACKUP_PREFIX) && name.endsWith(BACKUP_EXTENSION);

/** When an archive was taken, read back from its name (null for another file). */
export function backupArchiveTime(name: string): Date | null {
  const m = /^courier-backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.tar$/.exec(name);
  return m ? new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`) : null;
}
