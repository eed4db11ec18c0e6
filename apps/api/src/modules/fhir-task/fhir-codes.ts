/**
 * Our FHIR names: the CodeSystems and extensions MedCourier defines (docs/fhir.md lists them). They are identifiers,
 * not addresses that must resolve.
 */
export const FHIR_BASE_PATH = '/fhir/r4';
export const FHIR_JSON = 'application/fhir+json';
const NS = 'https://medcourier.example/fhir';

export const CODE_SYSTEMS = {
  /** Task.code: `specimen-pickup`. */
  taskCode: `${NS}/CodeSystem/task-code`,
  /** Task.input.type: `destination` (the drop-off Location), `specimen` (a Specimen to carry). */
  taskInput: `${NS}/CodeSystem/task-input`,
  /** Task.output.type: `specimen-receipt` (the lab's answer for one container). */
  taskOutput: `${NS}/CodeSystem/task-output`,
  /** Task.businessStatus: our delivery status (pending, approved, ... delivered). */
  deliveryStatus: `${NS}/CodeSystem/delivery-status`,
  /** Task.output.valueCodeableConcept: a container's status (received, missing, damaged, rejected, ...). */
  pieceStatus: `${NS}/CodeSystem/piece-status`,
} as const;

export const EXTENSIONS = {
  /** On a Specimen: valueCode ambient | controlled_room | refrigerated | frozen. */
  temperatureClass: `${NS}/StructureDefinition/temperature-class`,
  /** On a Specimen: valueCode UN3373 | exempt | drug_test (UN3373 when absent). */
  specimenCategory: `${NS}/StructureDefinition/specimen-category`,
  /** On a Specimen: valueDecimal, hours the specimen is stable from collection (24 when absent). */
  stabilityHours: `${NS}/StructureDefinition/stability-hours`,
  /** On the Task: valueString, the PO number or cost centre printed on the invoice. */
  billingReference: `${NS}/StructureDefinition/billing-reference`,
  /** On the Task: valueCode small | medium | large | extra_large (small when absent). */
  packageSize: `${NS}/StructureDefinition/package-size`,
  /** On the Task: valueCode STANDARD | EXPRESS | SAME_DAY | NEXT_DAY (EXPRESS for stat, STANDARD otherwise, when absent). */
  deliveryType: `${NS}/StructureDefinition/delivery-type`,
  /** On a Task.output: valueReference to the contained Specimen the receipt is for. */
  outputSpecimen: `${NS}/StructureDefinition/output-specimen`,
} as const;

export const TASK_CODE = 'specimen-pickup';
