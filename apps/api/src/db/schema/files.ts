import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export type TStoredFileKind =
  | 'package_image'
  | 'pod_photo'
  | 'pod_signature'
  | 'label_pdf'
  | 'label_image'
  | 'attempt_photo'
  | 'return_photo'
  | 'return_signature';

/** Files on disk under DATA_DIR/files; names are server-generated, never the client's. */
export const storedFiles = pgTable('stored_files', {
  id: uuid('id').primaryKey().defaultRandom(),
  ownerId: uuid('owner_id').references(() => users.id),
  kind: text('kind').$type<TStoredFileKind>().notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  path: text('path').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
