/** CSV of the admin reports: RFC 4180 quoting, and a cell that a spreadsheet would run as a formula is prefixed with a quote. */
export function csvCell(value: unknown): string {
	if (value === null || value === undefined) return ''
	let text = value instanceof Date ? value.toISOString() : String(value)
	if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
	return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export function toCsv(header: string[], rows: unknown[][]): string {
	return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n'
}
