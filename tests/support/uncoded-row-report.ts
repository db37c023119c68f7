import { PDFDocument, StandardFonts } from 'pdf-lib'

export type ReportRow = [name: string, value: string, unit: string, range: string]

/** Rows the vocabulary knows, printed beside the uncoded ones. */
export const KNOWN_ROWS: ReportRow[] = [
	['Sodium', '140', 'mmol/L', '136 - 145'],
	['Potassium', '4.2', 'mmol/L', '3.5 - 5.1'],
]

/**
 * A one-page lab report (a text PDF) for `patientName`, collected on `collected` (DD Month YYYY),
 * printing `rows` in columns: rows under names the vocabulary does not know are read as printed
 * and kept 'not in trends' (issue 38 point 3).
 */
export async function reportWithRows(patientName: string, collected: string, rows: ReportRow[]): Promise<Buffer> {
	const pdf = await PDFDocument.create()
	const font = await pdf.embedFont(StandardFonts.Helvetica)
	const page = pdf.addPage([612, 792])
	const lines = ['Harbourside Medical Laboratory', `Patient: ${patientName}`, `Collected: ${collected}`, 'Test          Result     Unit       Reference', '']
	lines.forEach((line, index) => page.drawText(line, { x: 50, y: 720 - index * 16, size: 11, font }))
	rows.forEach((row, index) => row.forEach((cell, column) => page.drawText(cell, { x: 50 + column * 130, y: 640 - index * 16, size: 11, font })))
	return Buffer.from(await pdf.save())
}
