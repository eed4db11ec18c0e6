import type { TStandingOrderSpecimen } from '@courier/contract';
import { addDays, instantOf, localMoment } from '../../shared/business-time.js';

const secondsOf = (time: string) => {
  const [h, m] = time.split(':').map(Number);
  return h * 3600 + m * 60;
};
const hhmm = (seconds: number) =>
  `${String(Math.floor(seconds / 3600)).padStart(2, '0')}:${String(Math.floor((seconds % 3600) / 60)).padStart(2, '0')}`;

/**
 * The template as stored, in today's shape: a standing order saved before specimens carried a collection time
 * of day held one collection instant (`collectedAt`); its time of day on the business clock stands in.
 */
export function templateOf(stored: unknown, timeZone: string): Record<string, unknown> {
  const template = { ...(stored as Record<string, unknown>) };
  const specimen = template.specimen as (Partial<TStandingOrderSpecimen> & { collectedAt?: string }) | undefined;
  if (specimen && !specimen.collectionTime && typeof specimen.collectedAt === 'string') {
    const { collectedAt, ...rest } = specimen;
    const at = new Date(collectedAt);
    if (!Number.isNaN(at.getTime())) template.specimen = { ...rest, collectionTime: hhmm(localMoment(at, timeZone).seconds) };
  }
  return template;
}

/**
 * When an occurrence's specimens are collected: the last moment at or before its required-by at which the
 * business clock shows the collection time (the same day for a 06:00 collection and a 16:00 run, the evening
 * before for a 22:00 collection and a 07:00 run). DST-safe: the wall-clock time is read on that day.
 */
export function occurrenceCollectedAt(collectionTime: string, requiredBy: Date, timeZone: string): Date {
  const seconds = secondsOf(collectionTime);
  const day = localMoment(requiredBy, timeZone);
  const sameDay = instantOf(day, seconds, timeZone);
  return sameDay.getTime() <= requiredBy.getTime() ? sameDay : instantOf(addDays(day, -1), seconds, timeZone);
}

/** The booking fields of one occurrence: the template with its required-by and, for a specimen, its collection. */
export function occurrenceFields(template: Record<string, unknown>, requiredBy: Date, timeZone: string): Record<string, unknown> {
  const fields: Record<string, unknown> = { ...template, requiredBy: requiredBy.toISOString() };
  const specimen = template.specimen as TStandingOrderSpecimen | undefined;
  if (specimen && typeof specimen.collectionTime === 'string') {
    const { collectionTime, ...rest } = specimen;
    fields.specimen = { ...rest, collectedAt: occurrenceCollectedAt(collectionTime, requiredBy, timeZone).toISOString() };
  }
  return fields;
}
