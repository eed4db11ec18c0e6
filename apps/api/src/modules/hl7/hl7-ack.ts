import type { Hl7Message } from '@medplum/core';
import { fieldText, segmentOf } from '../hl7-outbound/hl7-segments.js';

/** HL7 table 0357 (message error condition codes) as this listener uses them. */
export const HL7_ERROR = {
  segmentSequence: ['100', 'Segment sequence error'],
  requiredFieldMissing: ['101', 'Required field missing'],
  dataTypeError: ['102', 'Data type error'],
  tableValueNotFound: ['103', 'Table value not found'],
  unsupportedMessageType: ['200', 'Unsupported message type'],
  unsupportedEvent: ['201', 'Unsupported event code'],
  unsupportedVersion: ['203', 'Unsupported version id'],
  unknownKey: ['204', 'Unknown key identifier'],
  internal: ['207', 'Application internal error'],
} as const;
export type THl7Error = (typeof HL7_ERROR)[keyof typeof HL7_ERROR];

/**
 * Why a message is refused: the acknowledgement code (AE: the message is understood but cannot be booked; AR: it
 * is rejected, wrong sender, type or version), the error (table 0357), where (segment, its sequence, field) and
 * words for the engine's operator.
 */
export interface Hl7Refusal {
  ackCode: 'AE' | 'AR';
  error: THl7Error;
  segment: string;
  sequence?: number;
  field?: number;
  text: string;
}

export class Hl7RefusalError extends Error {
  constructor(readonly refusal: Hl7Refusal) {
    super(refusal.text);
  }
}

export function refuse(r: Hl7Refusal): never {
  throw new Hl7RefusalError(r);
}

/** `PID-3`, `SPM-2`, or `ORC` for a segment: how the ERR segment and our logs name the place. */
export const placeOf = (r: Pick<Hl7Refusal, 'segment' | 'field'>) => (r.field ? `${r.segment}-${r.field}` : r.segment);

/**
 * The ACK to a message, built by the library from the message's own header (sender and receiver swapped, MSA-2
 * its control id). A refusal adds an ERR segment that works for v2.3 to v2.5.1 receivers: ERR-1 (the v2.3 form,
 * segment^sequence^field^code&text&HL70357), ERR-2 (error location), ERR-3 (HL7 error code), ERR-4 (severity E)
 * and ERR-8 (the user message).
 */
export function buildAck(message: Hl7Message, refusal?: Hl7Refusal, text?: string): Hl7Message {
  if (!refusal) {
    const ack = message.buildAck({ ackCode: 'AA' });
    if (text) ack.getSegment('MSA')?.setField(3, fieldText(text));
    return ack;
  }
  const [code, name] = refusal.error;
  const sequence = String(refusal.sequence ?? 1);
  const field = refusal.field ? String(refusal.field) : '';
  const words = fieldText(`${placeOf(refusal)}: ${refusal.text}`);
  const err = segmentOf(
    'ERR',
    [refusal.segment, sequence, field, `${code}&${name}&HL70357`],
    [refusal.segment, sequence, field],
    [code, name, 'HL70357'],
    'E',
    '',
    '',
    '',
    words,
  );
  const ack = message.buildAck({ ackCode: refusal.ackCode, errSegment: err });
  ack.getSegment('MSA')?.setField(3, words);
  return ack;
}
