import { PDFDocument, StandardFonts } from 'pdf-lib'

/** A one-page lab report whose only date, 04/06/2025, reads two ways, with nothing to tell which. */
export async function reportWithAmbiguousDate(patientName: string): Promise<Buffer> {
	const pdf = await PDFDocument.create()
	const font = await pdf.embedFont(StandardFonts.Helvetica)
	const page = pdf.addPage([612, 792])
	const lines = ['Lakeside Laboratory', `Patient: ${patientName}`, 'Collected: 04/06/2025', 'Test          Result     Unit       Reference', '']
	lines.forEach((line, index) => page.drawText(line, { x: 50, y: 720 - index * 16, size: 11, font }))
	const rows: Array<[string, string, string, string]> = [
		['Glucose', '92', 'mg/dL', '70 - 99'],
		['Sodium', '140', 'mmol/L', '136 - 145'],
		['Potassium', '4.2', 'mmol/L', '3.5 - 5.1'],
		['Creatinine', '0.9', 'mg/dL', '0.6 - 1.2'],
	]
	rows.forEach((row, index) => row.forEach((cell, column) => page.drawText(cell, { x: 50 + column * 130, y: 640 - index * 16, size: 11, font })))
	return Buffer.from(await pdf.save())
}
