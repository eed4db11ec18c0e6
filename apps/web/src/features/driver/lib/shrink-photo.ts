import { MAX_IMAGE_BYTES } from '@courier/contract';

const MAX_SIDE = 1600;

/**
 * A phone camera's photo is often larger than the upload limit: scale it to 1600 px on its long side as a
 * JPEG. A photo already small enough, or one the browser cannot decode, is sent as it is.
 */
export async function shrinkPhoto(file: File): Promise<Blob> {
  if (file.size <= MAX_IMAGE_BYTES / 2 || typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    return blob ?? file;
  } catch {
    return file;
  }
}
