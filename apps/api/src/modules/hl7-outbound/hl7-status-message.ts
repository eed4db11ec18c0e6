import { randomUUID } from 'node:crypto';
import { formatHl7DateTime, Hl7Context, Hl7Message, type Hl7Segment } from '@medplum/core';
import { fieldText, segmentOf } from './hl7-segments.js';

export type THl7StatusEvent = 'pickup' | 'delivery' | 'receipt';

/** Our name in MSH-3/MSH-4 of what we send. */
export const HL7_OUR_APPLICATION = 'MEDCOURIER';

/** ORC-5 (HL7 table 0038, order status) per event: in process once picked up, completed once delivered or received. */
export const ORDER_STATUS_OF: Record<THl7StatusEvent, string> = { pickup: 'IP', delivery: 'CM', receipt: 'CM' };

export interface Hl7StatusInput {
  event: THl7StatusEvent;
  /** Our delivery status (picked_up, delivered; or received / rejected at the lab's door). */
  status: string;
  at: Date;
  trackingNumber: string;
  placerNumber: string | null;
  fillerNumber: string | null;
  sendingFacility: string;
  sendingApplication: string;
  version: string;
}

/**
 * The status message at pickup, delivery and lab receipt: ORM^O01 with ORC-1 `SC` (status changed), the form
 * HL7 v2.3 to v2.5.1 give a filler to tell the placer of an order's progress. ORC-2/3 the order's numbers,
 * ORC-5 the order status, ORC-9 the time, ORC-16 our status; OBR-2/3 the numbers again, OBR-4 the transport,
 * OBR-20 our tracking number. Built with @medplum/core, in the version the order came in.
 */
export function buildHl7StatusMessage(input: Hl7StatusInput): { controlId: string; message: Hl7Message } {
  const controlId = `MC${randomUUID().replaceAll('-', '').slice(0, 18).toUpperCase()}`;
  const context = new Hl7Context();
  const at = formatHl7DateTime(input.at).replace(/\.\d+$/, '');
  const placer = input.placerNumber ?? '';
  const filler = input.fillerNumber ?? '';
  // MSH-1 is the field separator itself; MSH-2 the other separators, as the library's context has them.
  const msh = segmentOf(
    'MSH',
    context.getMsh2(),
    HL7_OUR_APPLICATION,
    HL7_OUR_APPLICATION,
    fieldText(input.sendingApplication),
    fieldText(input.sendingFacility),
    at,
    '',
    ['ORM', 'O01', 'ORM_O01'],
    controlId,
    'P',
    input.version,
  );
  const segments: Hl7Segment[] = [
    msh,
    segmentOf('ORC', 'SC', fieldText(placer), fieldText(filler), '', ORDER_STATUS_OF[input.event], '', '', '', at, '', '', '', '', '', '', [
      input.status,
      statusText(input.status),
      'MEDCOURIER',
    ]),
    segmentOf(
      'OBR',
      '1',
      fieldText(placer),
      fieldText(filler),
      ['SPECIMEN-TRANSPORT', 'Specimen transport', 'MEDCOURIER'],
      '',
      '',
      at,
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      fieldText(input.trackingNumber),
    ),
  ];
  return { controlId, message: new Hl7Message(segments, context) };
}

const statusText = (status: string) => {
  const words = status.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};
