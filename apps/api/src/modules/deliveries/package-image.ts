import type { DbOrTx } from '../../db/client.js';
import { storedFiles } from '../../db/schema/index.js';
import { AppError } from '../../platform/app-error.js';
import { checkImage, type FileStorage } from '../../platform/storage.js';

/** 50 megapixels: a small file can still decode to a huge bitmap. */
const MAX_PIXELS = 50_000_000;

export interface CleanImage {
  bytes: Buffer;
  mime: string;
  ext: string;
}

/**
 * Checks an upload is a real JPEG, PNG or WebP within 5 MB (413/415), then re-encodes it upright and without
 * its metadata: EXIF can carry the GPS position of a clinic or a patient's home.
 */
export async function cleanPackageImage(bytes: Buffer, field = 'file'): Promise<CleanImage> {
  const { mime, ext } = await checkImage(bytes, field);
  // sharp (a native library) loads with the first photo, not with the server.
  const { default: sharp } = await import('sharp');
  try {
    const clean = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).rotate().toBuffer();
    return { bytes: clean, mime, ext };
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `${field}: must be a JPEG, PNG or WebP image`, { field });
  }
}

/** Writes the file, then its row inside the caller's transaction; returns the row's id. */
export async function storePackageImage(tx: DbOrTx, storage: FileStorage, ownerId: string, image: CleanImage, at: Date) {
  const path = await storage.put(image.bytes, image.ext);
  const [row] = await tx
    .insert(storedFiles)
    .values({ ownerId, kind: 'package_image', contentType: image.mime, size: image.bytes.length, path, createdAt: at })
    .returning({ id: storedFiles.id });
  return row.id;
}
