/**
 * Medications: the owner of the tenant `medications` table
 * (docs/decisions/011-table-ownership.md). Other modules call these functions.
 */
export {
	removeDocumentMedications,
	replaceDocumentMedications,
	selectDocumentMedications,
	type DocumentMedication,
} from './medication-store.ts'
