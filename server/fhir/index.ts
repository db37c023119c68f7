/** FHIR R4: the export's Bundle (and, later, the import that reads it back). */
export { buildExportBundle, type ExportRecords } from './export-bundle.ts'
