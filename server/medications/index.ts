export {
	listMedications,
	getMedication,
	createMedication,
	updateMedication,
	stopMedication,
	replaceDocumentMedications,
	removeDocumentMedications,
	listDocumentMedications,
	type MedicationSummary,
	type MedicationDetail,
	type ExtractedMedication,
} from './medications.ts'
export { MedicationFormSchema, MEDICATION_MESSAGES, type MedicationFormValue } from './shared/medication.ts'
