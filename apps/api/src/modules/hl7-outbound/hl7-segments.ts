import { Hl7Field, Hl7Segment } from '@medplum/core';

/**
 * Reading and building HL7 v2 through the library's model (@medplum/core's Hl7Message): nothing is split or
 * joined by hand here, these only spare the callers the library's 1-based / 0-based mix of indexes.
 */

/** Field `n`'s component `c` (1-based), its subcomponent `sub` (1-based) when given, of the first repetition; '' when absent. */
export function hl7Value(segment: Hl7Segment | undefined, n: number, c = 1, sub?: number): string {
  if (!segment) return '';
  return segment.getComponent(n, c, sub === undefined ? undefined : sub - 1).trim();
}

/** A segment built from its fields; a field given as a list is its components. */
export function segmentOf(name: string, ...fields: (string | readonly string[])[]): Hl7Segment {
  return new Hl7Segment([new Hl7Field([[name]]), ...fields.map((f) => new Hl7Field([typeof f === 'string' ? [f] : [...f]]))]);
}

/** Text for a field: HL7's delimiters and line breaks would end the field, so they become spaces. */
export const fieldText = (text: string) => text.replace(/[|^~\\&\r\n]/g, ' ').trim();
