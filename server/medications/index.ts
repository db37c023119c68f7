/**
 * Medications: the owner of the tenant `medications` table
 * (docs/decisions/011-table-ownership.md). Other modules call these functions.
 */
export { removeDocumentMedications, replaceDocumentMedications, selectDocumentMedications } from './medication-store.ts'
export { listMedications, getMedication, createMedication, updateMedication, stopMedication, searchMedicationRows } from './medications.ts'
export { MedicationFormSchema, MEDICATION_MESSAGES } from './shared/medication.ts'
export { selectOwnerMedicationsForExport } from './owner-export.ts'
