/** FHIR R4: the export's Bundle (and, later, the import that reads it back). */
export {
	buildExportBundle,
	type ExportAppointment,
	type ExportDocument,
	type ExportMedication,
	type ExportParameter,
	type ExportPatient,
	type ExportRecords,
} from './export-bundle.ts'
export { LOINC_BY_PARAMETER, LOINC_SYSTEM } from './loinc.ts'
