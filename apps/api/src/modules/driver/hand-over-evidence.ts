import type { Tx } from '../../db/client.js';
import type { TStoredFileKind } from '../../db/schema/files.js';
import { storedFiles } from '../../db/schema/index.js';
import { AppError } from '../../platform/app-error.js';
import { checkImage } from '../../platform/storage.js';
import type { Services } from '../../services.js';
import { type CleanImage, cleanPackageImage } from '../deliveries/package-image.js';

/** The evidence of a hand-over (to the recipient, or back to the sender): photo and signature files. */

export const POD_NEEDS_EVIDENCE = 'photo: Take a photo or capture the signature';
export const POD_NEEDS_SIGNATURE = "signature: Medication and medical supplies need the recipient's signature";

/** A signature pad exports PNG; anything else is not a signature. */
export async function cleanSignature(bytes: Buffer): Promise<CleanImage> {
  const { mime } = await checkImage(bytes, 'signature');
  if (mime !== 'image/png') throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'signature: must be a PNG image', { field: 'signature' });
  return cleanPackageImage(bytes, 'signature');
}

export async function storeEvidence(
  tx: Tx,
  services: Services,
  ownerId: string,
  image: CleanImage | null,
  kind: TStoredFileKind,
  at: Date,
) {
  if (!image) return null;
  const path = await services.storage.put(image.bytes, image.ext);
  const [row] = await tx
    .insert(storedFiles)
    .values({ ownerId, kind, contentType: image.mime, size: image.bytes.length, path, createdAt: at })
    .returning({ id: storedFiles.id });
  return row.id;
}
