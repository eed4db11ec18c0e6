import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { IMAGE_MIME_TYPES, MAX_IMAGE_BYTES } from '@courier/contract';
import { AppError } from './app-error.js';

export interface FileStorage {
  /** Writes bytes under a server-generated name; returns the relative path to store. */
  put(bytes: Buffer, extension: string): Promise<string>;
  get(path: string): Promise<Buffer>;
  /** Removes a stored file (gone already is fine). */
  remove(path: string): Promise<void>;
  /** Throws unless a file can be written here now (readiness). */
  checkWritable(): Promise<void>;
}

/** Writes and removes a small file in dir (made if missing); throws the file system's error when it cannot. */
export async function checkWritableDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const probe = join(dir, `.write-probe-${randomUUID()}`);
  await writeFile(probe, '');
  await rm(probe, { force: true });
}

export function createFileStorage(dataDir: string): FileStorage {
  const root = join(dataDir, 'files');
  return {
    put: async (bytes, extension) => {
      const day = new Date().toISOString().slice(0, 10);
      await mkdir(join(root, day), { recursive: true });
      const path = `${day}/${randomUUID()}.${extension.replace(/[^a-z0-9]/gi, '')}`;
      await writeFile(join(root, path), bytes, { mode: 0o640 });
      return path;
    },
    get: (path) => {
      if (path.includes('..')) throw new AppError('NOT_FOUND', 'File not found');
      return readFile(join(root, path));
    },
    remove: async (path) => {
      if (path.includes('..')) return;
      await rm(join(root, path), { force: true });
    },
    checkWritable: () => checkWritableDir(root),
  };
}

/** Checks an upload is a JPEG, PNG or WebP by its magic bytes (never its name) and within 5 MB. */
export async function checkImage(bytes: Buffer, field = 'file'): Promise<{ mime: string; ext: string }> {
  if (bytes.length > MAX_IMAGE_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', `${field}: image must be at most 5 MB`, { field });
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !(IMAGE_MIME_TYPES as readonly string[]).includes(type.mime)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `${field}: must be a JPEG, PNG or WebP image`, { field });
  }
  return { mime: type.mime, ext: type.ext };
}
