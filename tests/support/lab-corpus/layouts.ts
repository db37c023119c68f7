import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib'
import { formatDate, LABELS, type CorpusParameter, type Random, type ReportContent } from './content.ts'

/**
 * Layout families of the generated corpus: the same kind of content laid
 * out the many ways real reports do. Each family draws a ReportContent into
 * a PDF with pdf-lib (standard fonts) and says which page every row landed
 * on. Test support only.
 */

export type FontFamily = 'helvetica' | 'times' | 'courier'

export type Placed = { parameter: CorpusParameter; page: number }

type Align = 'left' | 'right' | 'center'

/** pdf-lib's standard fonts speak WinAnsi: letters outside it are written without their marks. */
function winAnsi(text: string): string {
	return text.replace(/ı/g, 'i').replace(/İ/g, 'I').replace(/ş/g, 's').replace(/Ş/g, 'S').replace(/ğ/g, 'g').replace(/Ğ/g, 'G').replace(/[µμ]/g, 'µ')
}

export class ReportWriter {
	readonly pages: PDFPage[] = []
	page!: PDFPage
	/** distance from the top of the page, in points */
	y = 0
	readonly margin = 40
	private constructor(
		readonly pdf: PDFDocument,
		readonly regular: PDFFont,
		readonly bold: PDFFont,
		readonly landscape: boolean,
	) {}

	static async create(font: FontFamily, landscape = false): Promise<ReportWriter> {
		const pdf = await PDFDocument.create()
		pdf.setCreator('carebook test corpus')
		const names = {
			helvetica: [StandardFonts.Helvetica, StandardFonts.HelveticaBold],
			times: [StandardFonts.TimesRoman, StandardFonts.TimesRomanBold],
			courier: [StandardFonts.Courier, StandardFonts.CourierBold],
		}[font]
		const writer = new ReportWriter(pdf, await pdf.embedFont(names[0]), await pdf.embedFont(names[1]), landscape)
		writer.newPage()
		return writer
	}

	get width(): number {
		return this.page.getWidth()
	}

	get height(): number {
		return this.page.getHeight()
	}

	get pageIndex(): number {
		return this.pages.length - 1
	}

	newPage(): void {
		this.page = this.pdf.addPage(this.landscape ? [792, 612] : [612, 792])
		this.pages.push(this.page)
		this.y = this.margin
	}

	/** Starts a new page when fewer than `needed` points are left. */
	ensure(needed: number): boolean {
		if (this.y + needed <= this.height - this.margin) return false
		this.newPage()
		return true
	}

	textWidth(text: string, size = 9, bold = false): number {
		return (bold ? this.bold : this.regular).widthOfTextAtSize(winAnsi(text), size)
	}

	text(x: number, text: string, options: { size?: number; bold?: boolean; align?: Align; y?: number; grey?: boolean } = {}): void {
		if (!text) return
		const size = options.size ?? 9
		const font = options.bold ? this.bold : this.regular
		const clean = winAnsi(text)
		const width = font.widthOfTextAtSize(clean, size)
		const left = options.align === 'right' ? x - width : options.align === 'center' ? x - width / 2 : x
		const top = options.y ?? this.y
		this.page.drawText(clean, { x: left, y: this.height - top - size, size, font, color: options.grey ? rgb(0.35, 0.35, 0.35) : rgb(0, 0, 0) })
	}

	rule(x1: number, x2: number, y = this.y, thickness = 0.6): void {
		this.page.drawLine({ start: { x: x1, y: this.height - y }, end: { x: x2, y: this.height - y }, thickness, color: rgb(0.4, 0.4, 0.4) })
	}

	box(x: number, y: number, width: number, height: number): void {
		this.page.drawRectangle({ x, y: this.height - y - height, width, height, borderColor: rgb(0.5, 0.5, 0.5), borderWidth: 0.8 })
	}

	async bytes(): Promise<Uint8Array> {
		return this.pdf.save({ useObjectStreams: false })
	}
}

/** Letterhead: laboratory name, tagline, address and phone; then the patient block with dates. */
export function drawHeader(writer: ReportWriter, content: ReportContent, random: Random, options: { patientFirst?: boolean } = {}): void {
	const labels = LABELS[content.language]
	const center = writer.width / 2
	const letterhead = () => {
		writer.text(center, content.provider.toUpperCase(), { size: 15, bold: true, align: 'center' })
		writer.y += 19
		writer.text(center, content.tagline, { size: 8.5, align: 'center', grey: true })
		writer.y += 12
		writer.text(center, `${content.address}  ·  Tel ${content.phone}`.replace('·', '-'), { size: 8, align: 'center', grey: true })
		writer.y += 16
		writer.rule(writer.margin, writer.width - writer.margin)
		writer.y += 8
	}
	const patient = () => {
		const left = writer.margin
		const right = writer.width / 2 + 20
		const dateVariant = random.int(0, 5)
		writer.text(left, `${labels.patient}: ${content.patientName}`, { size: 9 })
		writer.text(right, `${labels.collected}: ${formatDate(content.collected, content.style, dateVariant)}`, { size: 9 })
		writer.y += 13
		writer.text(left, `${labels.birth}: ${formatDate(content.birthDate, content.style, dateVariant)}`, { size: 9 })
		writer.text(right, `${labels.reported}: ${formatDate(content.reported, content.style, dateVariant)}`, { size: 9 })
		writer.y += 13
		writer.text(left, content.language === 'en' ? `Sample type: Serum / Whole blood` : `ID: ${random.int(100000, 999999)}`, { size: 9 })
		writer.y += 18
	}
	if (options.patientFirst) {
		patient()
		letterhead()
	} else {
		letterhead()
		patient()
	}
}

export type Column = { title: string; x: number; align?: Align; width?: number; cell: (row: CorpusParameter) => string }

/** A table: header row, then one row per parameter; the header repeats on each new page. */
export function drawTable(
	writer: ReportWriter,
	title: string | null,
	rows: CorpusParameter[],
	columns: Column[],
	placed: Placed[],
	options: { size?: number; rowHeight?: number; repeatHeader?: boolean; wrap?: boolean } = {},
): void {
	const size = options.size ?? 9
	const rowHeight = options.rowHeight ?? size + 5
	const header = () => {
		for (const column of columns) writer.text(column.x, column.title, { size, bold: true, align: column.align })
		writer.y += rowHeight
		writer.rule(writer.margin, writer.width - writer.margin, writer.y - 3)
	}
	writer.ensure(rowHeight * 4)
	if (title) {
		writer.text(writer.margin, title, { size: size + 1, bold: true })
		writer.y += rowHeight + 2
	}
	header()
	for (const row of rows) {
		if (writer.ensure(rowHeight * 2) && options.repeatHeader !== false) header()
		let extraLines = 0
		for (const column of columns) {
			const text = column.cell(row)
			if (options.wrap && column.width && writer.textWidth(text, size) > column.width) {
				const lines = wrapText(writer, text, column.width, size)
				lines.forEach((line, index) => writer.text(column.x, line, { size, align: column.align, y: writer.y + index * (size + 2) }))
				extraLines = Math.max(extraLines, lines.length - 1)
			} else writer.text(column.x, text, { size, align: column.align })
		}
		placed.push({ parameter: row, page: writer.pageIndex })
		writer.y += rowHeight + extraLines * (size + 2)
	}
	writer.y += 8
}

export function wrapText(writer: ReportWriter, text: string, width: number, size: number): string[] {
	const lines: string[] = []
	let line = ''
	for (const word of text.split(' ')) {
		const candidate = line ? `${line} ${word}` : word
		if (line && writer.textWidth(candidate, size) > width) {
			lines.push(line)
			line = word
		} else line = candidate
	}
	if (line) lines.push(line)
	return lines
}

export function drawFooter(writer: ReportWriter, content: ReportContent): void {
	writer.ensure(40)
	writer.y += 10
	const text = content.language === 'en' ? 'Results relate only to the sample tested. Electronically verified.' : '***'
	writer.text(writer.margin, text, { size: 7.5, grey: true })
	writer.y += 12
}
