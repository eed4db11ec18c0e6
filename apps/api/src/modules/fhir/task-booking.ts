import { DELIVERY_TYPES, PACKAGE_SIZES, SPECIMEN_CATEGORIES, TEMPERATURE_CLASSES } from '@courier/contract';
import { CODE_SYSTEMS, EXTENSIONS, TASK_CODE } from '../fhir-task/fhir-codes.js';
import { FhirInvalid } from './operation-outcome.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** A Task read into our booking form's fields, with where each field came from in the Task (for OperationOutcome). */
export interface TaskBooking {
  fields: Record<string, unknown>;
  identifier: { system: string; value: string } | null;
  /** Booking field (senderPhone, specimen.collectedAt, pieces.0.accession, ...) → FHIRPath in the posted Task. */
  expressionOf: (field: string | undefined) => string | undefined;
}

function extensionValue(resource: Json, url: string, key: string): unknown {
  const ext = list(resource.extension).find((e) => isObject(e) && e.url === url);
  return isObject(ext) ? ext[key] : undefined;
}

function hasCode(concept: unknown, system: string, code: string): boolean {
  if (!isObject(concept)) return false;
  return list(concept.coding).some((c) => isObject(c) && c.code === code && (c.system === undefined || c.system === system));
}

/** "#pickup" → the contained resource with that id, and its index. */
function containedOf(task: Json, ref: unknown, where: string): { resource: Json; index: number } {
  const reference = isObject(ref) ? str(ref.reference) : undefined;
  if (!reference?.startsWith('#')) throw new FhirInvalid('Must reference a contained resource (#id)', `${where}.reference`);
  const id = reference.slice(1);
  const index = list(task.contained).findIndex((c) => isObject(c) && c.id === id);
  if (index < 0) throw new FhirInvalid(`No contained resource has id ${id}`, `${where}.reference`);
  return { resource: list(task.contained)[index] as Json, index };
}

function addressText(location: Json, where: string): string {
  const a = location.address;
  if (!isObject(a)) throw new FhirInvalid('The Location needs an address', `${where}.address`);
  const text = str(a.text);
  if (text) return text;
  const lines = list(a.line).map(str).filter(Boolean).join(', ');
  const cityLine = [str(a.city), [str(a.state), str(a.postalCode)].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const joined = [lines, cityLine].filter(Boolean).join(', ');
  if (!joined) throw new FhirInvalid('The Location needs an address (text or line, city, state, postalCode)', `${where}.address`);
  return joined;
}

const telecom = (location: Json, system: 'phone' | 'email') =>
  list(location.telecom)
    .filter(isObject)
    .map((t) => (t.system === system ? str(t.value) : undefined))
    .find(Boolean);

/** Parses `identifier=system|value` (or `identifier=value`) of If-None-Exist. */
export function parseIfNoneExist(header: string | undefined): { system: string; value: string } | null {
  if (header === undefined) return null;
  const params = new URLSearchParams(header.replace(/^.*\?/, ''));
  const raw = params.get('identifier');
  if (!raw || [...params.keys()].some((k) => k !== 'identifier'))
    throw new FhirInvalid('If-None-Exist supports identifier=system|value only', 'If-None-Exist');
  return splitToken(raw);
}

export function splitToken(raw: string): { system: string; value: string } {
  const bar = raw.indexOf('|');
  const pair = bar < 0 ? { system: '', value: raw } : { system: raw.slice(0, bar), value: raw.slice(bar + 1) };
  if (!pair.value || pair.value.length > 200 || pair.system.length > 500)
    throw new FhirInvalid('An identifier needs a value (at most 200 characters)', 'identifier');
  return pair;
}

/**
 * Reads a posted Task (see docs/fhir.md) into the JSON API's booking form: everything it does not say is refused
 * here (400 naming the element); the form itself is then checked by the booking use case like any other.
 */
export function bookingOfTask(body: unknown): TaskBooking {
  if (!isObject(body) || body.resourceType !== 'Task') throw new FhirInvalid('The body must be a Task resource', 'Task.resourceType');
  const task = body;
  if (task.intent !== 'order') throw new FhirInvalid('Task.intent must be order', 'Task.intent');
  if (task.status !== undefined && task.status !== 'requested') throw new FhirInvalid('A new Task is requested', 'Task.status');
  if (!hasCode(task.code, CODE_SYSTEMS.taskCode, TASK_CODE))
    throw new FhirInvalid(`Task.code must be ${CODE_SYSTEMS.taskCode}|${TASK_CODE}`, 'Task.code');
  const priority = task.priority ?? 'routine';
  if (priority !== 'routine' && priority !== 'stat') throw new FhirInvalid('Task.priority must be routine or stat', 'Task.priority');

  const identifiers = list(task.identifier).filter(isObject);
  if (identifiers.length > 1) throw new FhirInvalid('A Task carries at most one identifier of the lab', 'Task.identifier');
  const identifier = identifiers[0] ? splitToken(`${str(identifiers[0].system) ?? ''}|${str(identifiers[0].value) ?? ''}`) : null;

  const requiredBy = isObject(task.restriction) && isObject(task.restriction.period) ? task.restriction.period.end : undefined;
  if (typeof requiredBy !== 'string')
    throw new FhirInvalid('The required-by time is Task.restriction.period.end', 'Task.restriction.period.end');

  const pickup = containedOf(task, task.location, 'Task.location');
  if (pickup.resource.resourceType !== 'Location') throw new FhirInvalid('Task.location must be a contained Location', 'Task.location');
  const pickupAt = `Task.contained[${pickup.index}]`;

  const inputs = list(task.input).filter(isObject);
  const destInput = inputs.findIndex(
    (i) => hasCode(i.type, CODE_SYSTEMS.taskInput, 'destination') || (isObject(i.type) && i.type.text === 'destination'),
  );
  if (destInput < 0) throw new FhirInvalid('An input of type destination names the drop-off Location', 'Task.input');
  const dest = containedOf(task, inputs[destInput].valueReference, `Task.input[${destInput}].valueReference`);
  if (dest.resource.resourceType !== 'Location')
    throw new FhirInvalid('The destination must be a contained Location', `Task.input[${destInput}].valueReference`);
  const destAt = `Task.contained[${dest.index}]`;

  // The specimens: every contained Specimen (referenced from focus or an input), in order.
  const specimens = list(task.contained)
    .map((resource, index) => ({ resource, index }))
    .filter((s): s is { resource: Json; index: number } => isObject(s.resource) && s.resource.resourceType === 'Specimen');
  const pieces: Record<string, unknown>[] = [];
  const pieceAt: string[] = [];
  let temperature: unknown;
  let category: unknown;
  let stable: unknown;
  let collectedAt: string | undefined;
  for (const s of specimens) {
    const at = `Task.contained[${s.index}]`;
    const accession = isObject(s.resource.accessionIdentifier) ? str(s.resource.accessionIdentifier.value) : undefined;
    if (!accession) throw new FhirInvalid('Each Specimen needs its accessionIdentifier', `${at}.accessionIdentifier`);
    const t = extensionValue(s.resource, EXTENSIONS.temperatureClass, 'valueCode');
    if (t !== undefined) {
      if (!TEMPERATURE_CLASSES.includes(t as never))
        throw new FhirInvalid(`Temperature class must be one of ${TEMPERATURE_CLASSES.join(', ')}`, `${at}.extension`);
      if (temperature !== undefined && temperature !== t)
        throw new FhirInvalid('All specimens of one pickup travel at one temperature class', `${at}.extension`);
      temperature = t;
    }
    const c = extensionValue(s.resource, EXTENSIONS.specimenCategory, 'valueCode');
    if (c !== undefined) {
      if (!SPECIMEN_CATEGORIES.includes(c as never))
        throw new FhirInvalid(`Specimen category must be one of ${SPECIMEN_CATEGORIES.join(', ')}`, `${at}.extension`);
      category ??= c;
    }
    stable ??= extensionValue(s.resource, EXTENSIONS.stabilityHours, 'valueDecimal');
    const collected = isObject(s.resource.collection) ? str(s.resource.collection.collectedDateTime) : undefined;
    if (!collected) throw new FhirInvalid('Each Specimen needs collection.collectedDateTime', `${at}.collection.collectedDateTime`);
    // The earliest collection counts for stability.
    if (!collectedAt || new Date(collected).getTime() < new Date(collectedAt).getTime()) collectedAt = collected;
    const containers = list(s.resource.container).filter(isObject);
    for (const container of containers.length ? containers : [{}]) {
      pieces.push({ kind: 'tube', accession, ...(str(container.description) ? { description: str(container.description) } : {}) });
      pieceAt.push(at);
    }
  }
  if (specimens.length === 0) throw new FhirInvalid('A pickup carries at least one contained Specimen', 'Task.contained');

  const packageSize = extensionValue(task, EXTENSIONS.packageSize, 'valueCode') ?? 'small';
  if (!PACKAGE_SIZES.includes(packageSize as never))
    throw new FhirInvalid(`Package size must be one of ${PACKAGE_SIZES.join(', ')}`, 'Task.extension');
  const deliveryType = extensionValue(task, EXTENSIONS.deliveryType, 'valueCode') ?? (priority === 'stat' ? 'EXPRESS' : 'STANDARD');
  if (!DELIVERY_TYPES.includes(deliveryType as never))
    throw new FhirInvalid(`Delivery type must be one of ${DELIVERY_TYPES.join(', ')}`, 'Task.extension');

  const fields: Record<string, unknown> = {
    senderPhone: telecom(pickup.resource, 'phone') ?? '',
    pickupAddress: addressText(pickup.resource, pickupAt),
    recipientName: str(dest.resource.name) ?? '',
    recipientPhone: telecom(dest.resource, 'phone') ?? '',
    recipientEmail: telecom(dest.resource, 'email') ?? '',
    deliveryAddress: addressText(dest.resource, destAt),
    requiredBy,
    packageType: 'SPECIMEN',
    packageSize,
    deliveryType,
    priority,
    temperature: temperature ?? 'ambient',
    specialInstructions: list(task.note)
      .filter(isObject)
      .map((n) => str(n.text))
      .filter(Boolean)
      .join('\n'),
    specimen: { category: category ?? 'UN3373', collectedAt, stableForHours: stable ?? 24 },
    pieces,
    ...(extensionValue(task, EXTENSIONS.billingReference, 'valueString') !== undefined
      ? { reference: extensionValue(task, EXTENSIONS.billingReference, 'valueString') }
      : {}),
  };
  const firstSpecimen = `Task.contained[${specimens[0].index}]`;
  const expressions: Record<string, string> = {
    senderPhone: `${pickupAt}.telecom`,
    pickupAddress: `${pickupAt}.address`,
    recipientName: `${destAt}.name`,
    recipientPhone: `${destAt}.telecom`,
    recipientEmail: `${destAt}.telecom`,
    deliveryAddress: `${destAt}.address`,
    requiredBy: 'Task.restriction.period.end',
    priority: 'Task.priority',
    temperature: `${firstSpecimen}.extension`,
    specialInstructions: 'Task.note',
    specimen: `${firstSpecimen}.extension`,
    'specimen.category': `${firstSpecimen}.extension`,
    'specimen.stableForHours': `${firstSpecimen}.extension`,
    'specimen.collectedAt': `${firstSpecimen}.collection.collectedDateTime`,
    pieces: 'Task.contained',
    reference: 'Task.extension',
    packageSize: 'Task.extension',
    deliveryType: 'Task.extension',
  };
  const expressionOf = (field: string | undefined) => {
    if (!field) return 'Task';
    const piece = field.match(/^pieces\.(\d+)/);
    if (piece) return pieceAt[Number(piece[1])] ?? 'Task.contained';
    return expressions[field] ?? expressions[field.split('.')[0]] ?? 'Task';
  };
  return { fields, identifier, expressionOf };
}
