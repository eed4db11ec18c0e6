import { ZCreateDeliveryRequest } from '@courier/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { instantOf } from '../../shared/business-time.js';

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** A datetime-local value ("2026-03-03T14:00", no offset) is read on the business clock, never the server's. */
export function parseRequiredBy(value: unknown, timeZone: string): Date | null {
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value);
  if (typeof value !== 'string') return null;
  const local = value.trim().match(LOCAL_DATE_TIME);
  if (local) {
    const [, y, mo, d, h, mi, s] = local.map(Number);
    return instantOf({ year: y, month: mo, day: d }, h * 3600 + mi * 60 + (s || 0), timeZone);
  }
  return new Date(value.trim());
}

/** The contract's delivery form, with a required-by that says when it is missing and reads local times. */
export function deliveryFormSchema(timeZone: string) {
  return ZCreateDeliveryRequest.extend({
    requiredBy: z.unknown().transform((value, ctx) => {
      if (value === undefined || value === null || value === '') {
        ctx.addIssue({ code: 'custom', message: 'Required-by is required' });
        return z.NEVER;
      }
      const date = parseRequiredBy(value, timeZone);
      if (!date || Number.isNaN(date.getTime())) {
        ctx.addIssue({ code: 'custom', message: 'Required-by must be a valid date and time' });
        return z.NEVER;
      }
      return date;
    }),
  });
}
export type TDeliveryForm = z.infer<ReturnType<typeof deliveryFormSchema>>;

export interface SubmittedDeliveryForm {
  fields: Record<string, unknown>;
  /** The bytes of the 'file' part, when one was chosen. */
  image: Buffer | null;
}

/**
 * Reads the request as JSON or as multipart form data (string fields and the image as 'file'). A file past
 * the 5 MB limit stops the read with FST_REQ_FILE_TOO_LARGE (413); other file parts are read and dropped.
 */
export async function readDeliveryForm(request: FastifyRequest): Promise<SubmittedDeliveryForm> {
  if (!request.isMultipart()) {
    const body = request.body;
    return { fields: body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}, image: null };
  }
  const fields: Record<string, unknown> = {};
  let image: Buffer | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (part.fieldname === 'file' && bytes.length > 0) image = bytes;
    } else {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, image };
}
