export const ACCOUNT_TYPES = ['health_care_provider', 'medical_laboratory', 'pharmacy', 'hospital_clinic'] as const;
export type TAccountType = (typeof ACCOUNT_TYPES)[number];
export const ACCOUNT_TYPE_LABELS: Record<TAccountType, string> = {
  health_care_provider: 'Healthcare provider',
  medical_laboratory: 'Medical laboratory',
  pharmacy: 'Pharmacy',
  hospital_clinic: 'Hospital / clinic',
};
