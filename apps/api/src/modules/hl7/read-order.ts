import { type Hl7Message, type Hl7Segment, parseHl7DateTime } from '@medplum/core';
import { instantOf } from '../../shared/business-time.js';
import { hl7Value } from '../hl7-outbound/hl7-segments.js';
import { HL7_ERROR, refuse } from './hl7-ack.js';

export const HL7_VERSIONS = ['2.3', '2.3.1', '2.4', '2.5', '2.5.1'] as const;
export const HL7_ORDER_TYPES = ['ORM^O01', 'OML^O21'] as const;
export type THl7OrderType = (typeof HL7_ORDER_TYPES)[number];

/** The header fields every message must have before its sender is looked up. */
export interface Hl7Header {
  controlId: string;
  sendingApplication: string;
  sendingFacility: string;
}

/** What an order message says that we book: never a patient (PID is read by no one here). */
export interface Hl7Order {
  type: THl7OrderType;
  version: string;
  placerNumber: string | null;
  fillerNumber: string | null;
  priority: 'routine' | 'stat';
  /** The specimens' collection time (SPM-17 or OBR-7), when the message gives one. */
  collectedAt: Date | null;
  specimens: { accession: string; description: string }[];
}

export const MAX_SPECIMENS = 99;

/** MSH-10 and MSH-4: without them nothing can be answered properly (AR naming the field). */
export function readHeader(message: Hl7Message): Hl7Header {
  const msh = message.getSegment('MSH');
  if (!msh) return refuse({ ackCode: 'AR', error: HL7_ERROR.segmentSequence, segment: 'MSH', text: 'The message must start with MSH' });
  const controlId = hl7Value(msh, 10);
  if (!controlId)
    refuse({ ackCode: 'AR', error: HL7_ERROR.requiredFieldMissing, segment: 'MSH', field: 10, text: 'Message control id is required' });
  const sendingFacility = hl7Value(msh, 4);
  if (!sendingFacility)
    refuse({ ackCode: 'AR', error: HL7_ERROR.requiredFieldMissing, segment: 'MSH', field: 4, text: 'Sending facility is required' });
  return { controlId, sendingFacility, sendingApplication: hl7Value(msh, 3) };
}

/** An HL7 TS/DTM: with its offset as given, without one on the business clock; null when absent or unreadable. */
export function readTimestamp(text: string, timeZone: string): Date | null {
  if (!/^\d{4}(\d{2}){0,5}(\.\d{1,4})?([+-]\d{4})?$/.test(text)) return null;
  const iso = parseHl7DateTime(text);
  if (!iso) return null;
  const parsed = new Date(iso);
  if (Number.isNaN(parsed.getTime())) return null;
  if (/[+-]\d{4}$/.test(text)) return parsed;
  // Read as UTC by the library: the same wall-clock time on the business clock instead.
  const seconds = parsed.getUTCHours() * 3600 + parsed.getUTCMinutes() * 60 + parsed.getUTCSeconds();
  return instantOf({ year: parsed.getUTCFullYear(), month: parsed.getUTCMonth() + 1, day: parsed.getUTCDate() }, seconds, timeZone);
}

const isStat = (...codes: string[]) => codes.some((c) => c.toUpperCase() === 'S');

/**
 * Reads ORM^O01 and OML^O21 (v2.3 to v2.5.1). MSH-9 and MSH-12 are checked here (AR); then the order (AE naming
 * the field): ORC with a placer (ORC-2, else OBR-2) or filler (ORC-3, else OBR-3) number; OML: each SPM with its
 * specimen id (SPM-2); ORM: each OBR as a specimen (OBR-18 placer field 1, else OBR-3, else OBR-2).
 */
export function readOrder(message: Hl7Message, timeZone: string): Hl7Order {
  const msh = message.getSegment('MSH') as Hl7Segment;
  const type = `${hl7Value(msh, 9, 1)}^${hl7Value(msh, 9, 2)}`;
  if (!(HL7_ORDER_TYPES as readonly string[]).includes(type))
    refuse({
      ackCode: 'AR',
      error: HL7_ERROR.unsupportedMessageType,
      segment: 'MSH',
      field: 9,
      text: `Message type ${type} is not accepted: send ORM^O01 or OML^O21`,
    });
  const version = hl7Value(msh, 12);
  if (!(HL7_VERSIONS as readonly string[]).includes(version))
    refuse({
      ackCode: 'AR',
      error: HL7_ERROR.unsupportedVersion,
      segment: 'MSH',
      field: 12,
      text: `Version ${version || '(none)'} is not accepted: send 2.3 to 2.5.1`,
    });
  const orc = message.getSegment('ORC');
  if (!orc) refuse({ ackCode: 'AE', error: HL7_ERROR.segmentSequence, segment: 'ORC', text: 'The order needs an ORC segment' });
  const obrs = message.getAllSegments('OBR');
  const obr = obrs[0];
  const placerNumber = hl7Value(orc, 2) || hl7Value(obr, 2) || null;
  const fillerNumber = hl7Value(orc, 3) || hl7Value(obr, 3) || null;
  if (!placerNumber && !fillerNumber)
    refuse({
      ackCode: 'AE',
      error: HL7_ERROR.requiredFieldMissing,
      segment: 'ORC',
      field: 2,
      text: 'The order needs its placer order number (ORC-2) or filler order number (ORC-3)',
    });
  const priority = isStat(hl7Value(orc, 7, 6), hl7Value(obr, 5), hl7Value(obr, 27, 6)) ? 'stat' : 'routine';
  const timeOf = (segment: Hl7Segment | undefined, field: number, name: string, index: number) => {
    const text = hl7Value(segment, field);
    if (!text) return null;
    const at = readTimestamp(text, timeZone);
    if (!at)
      refuse({
        ackCode: 'AE',
        error: HL7_ERROR.dataTypeError,
        segment: name,
        sequence: index + 1,
        field,
        text: 'Must be a date and time (YYYYMMDDHHMM[SS][+/-ZZZZ])',
      });
    return at;
  };

  let specimens: Hl7Order['specimens'];
  let collectedAt: Date | null = null;
  if (type === 'OML^O21') {
    const spms = message.getAllSegments('SPM');
    if (spms.length === 0)
      refuse({ ackCode: 'AE', error: HL7_ERROR.segmentSequence, segment: 'SPM', text: 'The order needs a specimen (SPM segment)' });
    specimens = spms.map((spm, i) => {
      // SPM-2 (EIP): the filler's (lab's) id, else the placer's.
      const accession = hl7Value(spm, 2, 2, 1) || hl7Value(spm, 2, 1, 1);
      if (!accession)
        refuse({
          ackCode: 'AE',
          error: HL7_ERROR.requiredFieldMissing,
          segment: 'SPM',
          sequence: i + 1,
          field: 2,
          text: 'Specimen id is required',
        });
      collectedAt ??= timeOf(spm, 17, 'SPM', i);
      return { accession, description: hl7Value(spm, 4, 2) || hl7Value(spm, 4, 1) };
    });
    collectedAt ??= timeOf(obr, 7, 'OBR', 0);
  } else {
    if (obrs.length === 0)
      refuse({ ackCode: 'AE', error: HL7_ERROR.segmentSequence, segment: 'OBR', text: 'The order needs an OBR segment' });
    specimens = obrs.map((o, i) => {
      const accession = hl7Value(o, 18) || hl7Value(o, 3) || hl7Value(o, 2);
      if (!accession)
        refuse({
          ackCode: 'AE',
          error: HL7_ERROR.requiredFieldMissing,
          segment: 'OBR',
          sequence: i + 1,
          field: 3,
          text: 'Each OBR needs a specimen accession (OBR-18, OBR-3 or OBR-2)',
        });
      collectedAt ??= timeOf(o, 7, 'OBR', i);
      return { accession, description: hl7Value(o, 4, 2) || hl7Value(o, 15, 1) };
    });
  }
  if (specimens.length > MAX_SPECIMENS)
    refuse({
      ackCode: 'AE',
      error: HL7_ERROR.internal,
      segment: type === 'OML^O21' ? 'SPM' : 'OBR',
      sequence: MAX_SPECIMENS + 1,
      text: `At most ${MAX_SPECIMENS} specimens per order`,
    });
  return { type: type as THl7OrderType, version, placerNumber, fillerNumber, priority, collectedAt, specimens };
}
