import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../platform/app-error.js';

export interface SubmittedProof {
  fields: Record<string, unknown>;
  photo: Buffer | null;
  signature: Buffer | null;
}

/** The proof call's multipart body: text fields, a "photo" part and a "signature" part; other parts are dropped. */
export async function readProofForm(request: FastifyRequest): Promise<SubmittedProof> {
  if (!request.isMultipart()) throw badRequest('body: Send the proof as multipart/form-data', 'body');
  const fields: Record<string, unknown> = {};
  const files: Record<string, Buffer | null> = { photo: null, signature: null };
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (part.fieldname in files && bytes.length > 0) files[part.fieldname] = bytes;
    } else {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, photo: files.photo, signature: files.signature };
}
