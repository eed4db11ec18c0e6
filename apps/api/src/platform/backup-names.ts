/** A backup archive's file name: the prefix, the time it was taken (sortable) and the extension. */
export const BACKUP_PREFIX = 'courier-backup-';
export const BACKUP_EXTENSION = '.tar';

/** `courier-backup-2026-11-27T18-00-00-000Z.tar`: colons left out, so the name is valid on every file system. */
export const backupArchiveName = (at: Date) =>
  `${BACKUP_PREFIX}${at.toISOString().replaceAll(':', '-').replace('.', '-')}${BACKUP_EXTENSION}`;

/** A complete archive (one still being written has another extension until it is renamed). */
export const isBackupArchive = (name: string) => name.startsWith(BACKUP_PREFIX) && name.endsWith(BACKUP_EXTENSION);
