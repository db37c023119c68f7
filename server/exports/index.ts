/**
 * Export My Data (spec 2.12): a zip of everything a patient stored, built in
 * the background. A feature on top of the record domains
 * (docs/decisions/026-layers.md): it reads each domain's owner export.
 */
export {
	buildDataExport,
	deleteExpiredDataExports,
	failDataExport,
	listDataExports,
	openDataExport,
	requestDataExport,
	type DataExportSummary,
} from './data-export.ts'
