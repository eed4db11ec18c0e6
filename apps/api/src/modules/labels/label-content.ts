import {
  COMPANY,
  deliveryTypeLabel,
  packageSizeLabel,
  packageTypeLabel,
  PIECE_KIND_LABELS,
  TEMPERATURE_LABEL_MARKS,
  type TPieceKind,
  type TTemperatureClass,
} from '@courier/contract';
import { formatBusinessTime } from '../../shared/business-time.js';
import type { DeliveryRow } from '../../shared/delivery-json.js';

export interface LabelParty {
  /** Printed above the person when there is one (the sender's clinic or lab). */
  organisation?: string;
  name: string;
  phone: string;
  address: string;
}

/** Everything printed on a label, as plain text ready for either renderer. */
export interface LabelContent {
  company: string;
  trackingCode: string;
  trackingUrl: string;
  service: string;
  from: LabelParty;
  to: LabelParty;
  packageType: string;
  packageSize: string;
  requiredBy: string;
  generatedAt: string;
  /** The handling marks, printed large on a second page; empty when the parcel needs none. */
  marks: LabelMarks;
}

export interface LabelMarks {
  stat: boolean;
  /** "REFRIGERATE 2-8 °C", "KEEP FROZEN -25 to -10 °C"..., or null. */
  temperature: string | null;
  /** UN3373: the responsible person (the customer) named on the outer packaging. */
  un3373: { name: string; phone: string } | null;
  idCheck: boolean;
}

/** A piece as its label page prints it. */
export interface LabelPiece {
  seq: number;
  total: number;
  barcode: string;
  kind: string;
  accession: string | null;
  description: string | null;
}

/** One page of the label: its piece and the PNGs of its codes (Code 128 and QR of the piece barcode). */
export interface LabelPage {
  piece: LabelPiece;
  codes: { barcode: Buffer; qr: Buffer };
}

export const pieceLine = (p: LabelPiece) => `Piece ${p.seq} of ${p.total}`;
/** The piece's kind, accession and description, in Latin-1 for the PDF fonts. */
export const pieceAbout = (p: LabelPiece) =>
  latin1(
    [PIECE_KIND_LABELS[p.kind as TPieceKind] ?? p.kind, p.accession ? `Accession ${p.accession}` : null, p.description]
      .filter(Boolean)
      .join(' | '),
  );
/** The handling marks in words, for each piece's page (the handling page prints them large). */
export const marksLine = (m: LabelMarks) =>
  [m.stat ? 'STAT' : null, m.temperature, m.un3373 ? 'UN3373' : null, m.idCheck ? 'ID CHECK' : null].filter(Boolean).join(' | ');

/** The header's black box: STAT when it is (the first thing a sorter sees), else the service; the service stays on the package line. */
export const headerMark = (c: LabelContent) => (c.marks.stat ? { text: 'STAT', size: 18 } : { text: c.service.toUpperCase(), size: 12 });

export const hasMarks = (m: LabelMarks) => m.stat || !!m.temperature || !!m.un3373 || m.idCheck;

/** The standard PDF fonts speak Latin-1 only; anything else would print as garbage. */
export const latin1 = (s: string) =>
  s
    .normalize('NFC')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

export function labelContent(
  d: DeliveryRow,
  sender: { firstName: string; lastName: string; organisation?: string; phone?: string },
  opts: { trackingUrl: string; generatedAt: Date; timeZone: string },
): LabelContent {
  return {
    company: COMPANY.name,
    trackingCode: d.orderId,
    trackingUrl: opts.trackingUrl,
    service: deliveryTypeLabel(d.deliveryType),
    from: {
      organisation: sender.organisation ? latin1(sender.organisation) : undefined,
      name: latin1(`${sender.firstName} ${sender.lastName}`.trim()),
      phone: latin1(d.senderPhone),
      address: latin1(d.pickupAddress),
    },
    to: { name: latin1(d.recipientName), phone: latin1(d.recipientPhone), address: latin1(d.deliveryAddress) },
    packageType: packageTypeLabel(d.packageType),
    packageSize: packageSizeLabel(d.packageSize),
    requiredBy: formatBusinessTime(d.requiredBy, opts.timeZone),
    generatedAt: formatBusinessTime(opts.generatedAt, opts.timeZone),
    marks: {
      stat: d.priority === 'stat',
      temperature: TEMPERATURE_LABEL_MARKS[d.temperature as TTemperatureClass] ?? null,
      un3373:
        d.specimenCategory === 'UN3373'
          ? {
              name: latin1([`${sender.firstName} ${sender.lastName}`.trim(), sender.organisation].filter(Boolean).join(', ')),
              phone: latin1(sender.phone ?? d.senderPhone),
            }
          : null,
      idCheck: d.controlledSubstance,
    },
  };
}
