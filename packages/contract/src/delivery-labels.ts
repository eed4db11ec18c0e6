import {
  DELIVERY_TYPE_LABELS,
  PACKAGE_SIZE_LABELS,
  PACKAGE_TYPE_LABELS,
  type TDeliveryType,
  type TPackageSize,
  type TPackageType,
} from './deliveries.js';

/** Display names of the package and service fields, for any casing the value arrives in; unknown values show as they are. */
export const packageTypeLabel = (type: string) => PACKAGE_TYPE_LABELS[type.toUpperCase() as TPackageType] ?? type;
export const packageSizeLabel = (size: string) => PACKAGE_SIZE_LABELS[size.toLowerCase() as TPackageSize] ?? size;
/** "Small" from "Small (up to 5kg)", for tight table cells. */
export const packageSizeShort = (size: string) => packageSizeLabel(size).replace(/\s*\(.*\)$/, '');
export const deliveryTypeLabel = (type: string) => DELIVERY_TYPE_LABELS[type.toUpperCase() as TDeliveryType] ?? type;
