import type { Style } from './analytes.ts'
import { formatDate, formatNumber, LABELS, reportContent, type CorpusParameter, type Random, type RangeForm, type ReportContent } from './content.ts'
import { drawFooter, drawHeader, drawTable, ReportWriter, type Column, type FontFamily, type Placed } from './layouts.ts'

/**
 * The layout families of the generated corpus. `heldOut` families are the
 * ones not looked at while tuning the extractor: their figures are the
 * leave-one-layout-out estimate. Test support only.
 */

export type GeneratedReport = { content: ReportContent; pdf: Uint8Array; placed: Placed[]; pages: number; font: FontFamily; landscape: boolean; date: string }

export type Family = { name: string; heldOut: boolean; describe: string; build: (random: Random, variant: number) => Promise<GeneratedReport> }

const FONTS: FontFamily[] = ['helvetica', 'times', 'courier']

function unitText(row: CorpusParameter): string {
	return row.unit ?? ''
}

async function finish(
	writer: ReportWriter,
	content: ReportContent,
	placed: Placed[],
	font: FontFamily,
	landscape = false,
	date = content.collected,
): Promise<GeneratedReport> {
	drawFooter(writer, content)
	return { content, pdf: await writer.bytes(), placed, pages: writer.pages.length, font, landscape, date }
}

function standardColumns(writer: ReportWriter, content: ReportContent, order: 'flag' | 'flag-beside' | 'no-unit' | 'unit-in-range'): Column[] {
	const labels = LABELS[content.language]
	const m = writer.margin
	const w = writer.width - 2 * m
	const value = (row: CorpusParameter) => row.valueText
	if (order === 'flag')
		return [
			{ title: labels.test, x: m, cell: (row) => row.printedName },
			{ title: labels.result, x: m + w * 0.42, align: 'right', cell: value },
			{ title: labels.flag, x: m + w * 0.47, cell: (row) => row.flag ?? '' },
			{ title: labels.unit, x: m + w * 0.56, cell: unitText },
			{ title: labels.range, x: m + w * 0.74, cell: (row) => row.rangeText ?? '' },
		]
	if (order === 'flag-beside')
		return [
			{ title: labels.test, x: m, cell: (row) => row.printedName },
			{ title: labels.result, x: m + w * 0.38, cell: (row) => (row.flag ? `${row.valueText} ${row.flag}` : row.valueText) },
			{ title: labels.range, x: m + w * 0.55, cell: (row) => row.rangeText ?? '' },
			{ title: labels.unit, x: m + w * 0.8, cell: unitText },
		]
	if (order === 'unit-in-range')
		return [
			{ title: labels.test, x: m, cell: (row) => row.printedName },
			{ title: 'In Range', x: m + w * 0.42, align: 'right', cell: (row) => (row.status === 'normal' ? row.valueText : '') },
			{ title: 'Out of Range', x: m + w * 0.58, align: 'right', cell: (row) => (row.status === 'normal' ? '' : `${row.valueText} ${row.flag ?? ''}`.trim()) },
			{ title: labels.range, x: m + w * 0.66, cell: (row) => (row.unit ? `${row.rangeText} ${row.unit}` : (row.rangeText ?? '')) },
		]
	return [
		{ title: labels.test, x: m, cell: (row) => (row.unit ? `${row.printedName} (${row.unit})` : row.printedName) },
		{ title: labels.result, x: m + w * 0.5, align: 'right', cell: value },
		{ title: labels.range, x: m + w * 0.62, cell: (row) => row.rangeText ?? '' },
	]
}

async function tableFamily(
	random: Random,
	variant: number,
	options: {
		style: Style
		columns: 'flag' | 'flag-beside' | 'no-unit' | 'unit-in-range'
		rangeForms?: RangeForm[]
		perCubicMm?: boolean
		landscape?: boolean
		rows?: number
		patientFirst?: boolean
		flagWords?: boolean
	},
): Promise<GeneratedReport> {
	const font = FONTS[variant % FONTS.length]
	const content = reportContent(random, {
		style: options.style,
		rows: options.rows ?? random.int(10, 16),
		rangeForms: options.rangeForms,
		perCubicMm: options.perCubicMm,
		flagWords: options.flagWords,
	})
	const writer = await ReportWriter.create(font, options.landscape)
	drawHeader(writer, content, random, { patientFirst: options.patientFirst })
	const placed: Placed[] = []
	const columns = standardColumns(writer, content, options.columns)
	for (const panel of content.panels) drawTable(writer, panel.title, panel.rows, columns, placed)
	return finish(writer, content, placed, font, options.landscape)
}

const sideBySide: Family = {
	name: 'side-by-side',
	heldOut: false,
	describe: 'two panels printed side by side under one header row spanning both',
	build: async (random, variant) => {
		const font = FONTS[variant % FONTS.length]
		const content = reportContent(random, { style: variant % 2 ? 'uk' : 'us', rows: 14 })
		const writer = await ReportWriter.create(font, true)
		drawHeader(writer, content, random)
		const labels = LABELS[content.language]
		const rows = content.panels.flatMap((panel) => panel.rows)
		const half = Math.ceil(rows.length / 2)
		const halves = [rows.slice(0, half), rows.slice(half)]
		const m = writer.margin
		const columnWidth = (writer.width - 2 * m) / 2
		const size = 8.5
		for (let side = 0; side < 2; side++) {
			const x = m + side * columnWidth
			writer.text(x, labels.test, { size, bold: true })
			writer.text(x + columnWidth * 0.5, labels.result, { size, bold: true, align: 'right' })
			writer.text(x + columnWidth * 0.54, labels.unit, { size, bold: true })
			writer.text(x + columnWidth * 0.74, labels.range, { size, bold: true })
		}
		writer.y += 13
		writer.rule(m, writer.width - m, writer.y - 3)
		const top = writer.y
		const placed: Placed[] = []
		for (let side = 0; side < 2; side++) {
			const x = m + side * columnWidth
			writer.y = top
			for (const row of halves[side]) {
				writer.text(x, row.printedName, { size })
				writer.text(x + columnWidth * 0.5, row.flag ? `${row.valueText} ${row.flag}` : row.valueText, { size, align: 'right' })
				writer.text(x + columnWidth * 0.54, unitText(row), { size })
				writer.text(x + columnWidth * 0.74, row.rangeText ?? '', { size })
				placed.push({ parameter: row, page: 0 })
				writer.y += 13
			}
		}
		writer.y = top + 13 * half + 10
		return finish(writer, content, placed, font, true)
	},
}

const cards: Family = {
	name: 'cards',
	heldOut: true,
	describe: "results as cards: label, value with unit under it, 'Goal <200', 'Outside goal' / 'Meets goal'",
	build: async (random, variant) => {
		const font = FONTS[(variant + 1) % FONTS.length]
		const content = reportContent(random, { style: 'us', rows: 9, rangeForms: ['spaced'] })
		const writer = await ReportWriter.create(font)
		drawHeader(writer, content, random)
		const rows = content.panels.flatMap((panel) => panel.rows)
		const m = writer.margin
		const perRow = 3
		const gap = 14
		const cardWidth = (writer.width - 2 * m - gap * (perRow - 1)) / perRow
		const cardHeight = 78
		const placed: Placed[] = []
		for (let index = 0; index < rows.length; index += perRow) {
			writer.ensure(cardHeight + gap)
			const top = writer.y
			rows.slice(index, index + perRow).forEach((row, column) => {
				const x = m + column * (cardWidth + gap)
				writer.box(x, top, cardWidth, cardHeight)
				writer.text(x + 10, row.printedName, { size: 9, bold: true, y: top + 10 })
				writer.text(x + 10, row.unit ? `${row.valueText} ${row.unit}` : row.valueText, { size: 15, bold: true, y: top + 26 })
				const goal =
					row.min !== null && row.max !== null
						? `Goal ${row.rangeText}`
						: row.max !== null
							? `Goal <${formatNumber(row.max, Number.isInteger(row.max) ? 0 : 1, 'us')}`
							: `Goal >${formatNumber(row.min!, Number.isInteger(row.min!) ? 0 : 1, 'us')}`
				writer.text(x + 10, goal, { size: 8, y: top + 48, grey: true })
				writer.text(x + 10, row.status === 'normal' ? 'Meets goal' : 'Outside goal', { size: 8, bold: true, y: top + 60 })
				placed.push({ parameter: { ...row, rangeText: goal }, page: writer.pageIndex })
			})
			writer.y = top + cardHeight + gap
		}
		return finish(writer, content, placed, font)
	},
}

const cumulative: Family = {
	name: 'cumulative',
	heldOut: false,
	describe: 'cumulative table: several date columns, the newest on the right, units and range after them',
	build: async (random, variant) => {
		const font = FONTS[(variant + 2) % FONTS.length]
		const content = reportContent(random, { style: 'us', rows: 10 })
		const writer = await ReportWriter.create(font, true)
		drawHeader(writer, content, random)
		const labels = LABELS.en
		const m = writer.margin
		const older = [-240, -120].map((days) => {
			const date = new Date(`${content.collected}T12:00:00Z`)
			date.setUTCDate(date.getUTCDate() + days)
			return date.toISOString().slice(0, 10)
		})
		const dates = [...older, content.collected]
		const size = 8.5
		const xs = [m + 300, m + 370, m + 440]
		writer.text(m, labels.test, { size, bold: true })
		dates.forEach((date, index) => writer.text(xs[index], formatDate(date, 'us'), { size, bold: true, align: 'right' }))
		writer.text(m + 470, labels.unit, { size, bold: true })
		writer.text(m + 560, labels.range, { size, bold: true })
		writer.y += 13
		writer.rule(m, writer.width - m, writer.y - 3)
		const placed: Placed[] = []
		for (const panel of content.panels) {
			writer.text(m, panel.title, { size, bold: true })
			writer.y += 13
			for (const row of panel.rows) {
				writer.text(m, row.printedName, { size })
				const decimals = row.valueText.includes('.') ? row.valueText.split('.')[1].length : 0
				for (let index = 0; index < 2; index++)
					writer.text(xs[index], formatNumber(row.value * (0.85 + 0.3 * random.next()), decimals, 'us'), { size, align: 'right' })
				writer.text(xs[2], row.flag ? `${row.valueText} ${row.flag}` : row.valueText, { size, align: 'right', bold: row.status !== 'normal' })
				writer.text(m + 470, unitText(row), { size })
				writer.text(m + 560, row.rangeText ?? '', { size })
				placed.push({ parameter: row, page: 0 })
				writer.y += 13
			}
		}
		return finish(writer, content, placed, font, true)
	},
}

const referenceUnderRow: Family = {
	name: 'reference-under-row',
	heldOut: true,
	describe: "name, value and unit on one line, 'Reference range: ...' on the line under it, interpretation tables under some rows",
	build: async (random, variant) => {
		const font = FONTS[variant % FONTS.length]
		const content = reportContent(random, { style: 'us', rows: 10 })
		const writer = await ReportWriter.create(font)
		drawHeader(writer, content, random)
		const m = writer.margin
		const placed: Placed[] = []
		for (const panel of content.panels) {
			writer.ensure(60)
			writer.text(m, panel.title, { size: 10, bold: true })
			writer.y += 16
			for (const row of panel.rows) {
				writer.ensure(50)
				writer.text(m, row.printedName, { size: 9.5, bold: true })
				writer.text(m + 260, row.valueText, { size: 9.5, align: 'right', bold: true })
				writer.text(m + 268, unitText(row), { size: 9.5 })
				if (row.flag) writer.text(m + 360, row.status === 'high' ? 'HIGH' : 'LOW', { size: 9.5, bold: true })
				writer.y += 13
				writer.text(m + 14, `Reference range: ${row.rangeText}`, { size: 8, grey: true })
				writer.y += 12
				if (random.chance(0.25)) {
					writer.text(m + 14, 'Interpretation:', { size: 7.5, grey: true })
					writer.y += 10
					writer.text(m + 28, '< 0.05   Non-Reactive', { size: 7.5, grey: true })
					writer.y += 10
					writer.text(m + 28, '>= 0.05   Reactive', { size: 7.5, grey: true })
					writer.y += 10
				}
				placed.push({ parameter: row, page: writer.pageIndex })
				writer.y += 6
			}
		}
		return finish(writer, content, placed, font)
	},
}

const wrappedNames: Family = {
	name: 'wrapped-names',
	heldOut: true,
	describe: 'narrow name column: long names wrap onto a second line inside their cell',
	build: async (random, variant) => {
		const font = FONTS[(variant + 1) % FONTS.length]
		const content = reportContent(random, { style: 'us', rows: 12 })
		for (const row of content.panels.flatMap((panel) => panel.rows)) {
			if (row.code === 'mchc') row.printedName = 'Mean Corpuscular Hemoglobin Concentration'
			if (row.code === 'bun') row.printedName = 'Urea Nitrogen (BUN), Serum'
			if (row.code === 'ast') row.printedName = 'Aspartate Aminotransferase (AST/SGOT)'
			if (row.code === 'alt') row.printedName = 'Alanine Aminotransferase (ALT/SGPT)'
		}
		const writer = await ReportWriter.create(font)
		drawHeader(writer, content, random)
		const labels = LABELS.en
		const m = writer.margin
		const columns: Column[] = [
			{ title: labels.test, x: m, width: 120, cell: (row) => row.printedName },
			{ title: labels.result, x: m + 190, align: 'right', cell: (row) => row.valueText },
			{ title: labels.flag, x: m + 205, cell: (row) => row.flag ?? '' },
			{ title: labels.unit, x: m + 250, cell: unitText },
			{ title: labels.range, x: m + 340, cell: (row) => row.rangeText ?? '' },
		]
		const placed: Placed[] = []
		for (const panel of content.panels) drawTable(writer, panel.title, panel.rows, columns, placed, { wrap: true, rowHeight: 16 })
		return finish(writer, content, placed, font)
	},
}

const landscapeMultipage: Family = {
	name: 'landscape-multipage',
	heldOut: false,
	describe: 'landscape, results over several pages, the header repeated on each page',
	build: async (random, variant) => {
		const font = FONTS[(variant + 2) % FONTS.length]
		const content = reportContent(random, { style: 'us', rows: 30 })
		const writer = await ReportWriter.create(font, true)
		drawHeader(writer, content, random)
		const placed: Placed[] = []
		const columns = standardColumns(writer, content, 'flag')
		for (const panel of content.panels) drawTable(writer, panel.title, panel.rows, columns, placed, { size: 10, rowHeight: 17 })
		return finish(writer, content, placed, font, true)
	},
}

const patientBlock: Family = {
	name: 'patient-block',
	heldOut: false,
	describe: 'Indian-style: patient block first, header row repeated per panel, mg / dl and cumm units, thousands separators',
	build: async (random, variant) => {
		const font = FONTS[variant % FONTS.length]
		const content = reportContent(random, { style: 'in', rows: 14, perCubicMm: variant % 2 === 0, rangeForms: ['spaced', 'dash', 'leading-zeros'] })
		const writer = await ReportWriter.create(font)
		drawHeader(writer, content, random, { patientFirst: true })
		const m = writer.margin
		const w = writer.width - 2 * m
		const columns: Column[] = [
			{ title: 'TEST NAME', x: m, cell: (row) => row.printedName },
			{ title: 'RESULT', x: m + w * 0.45, cell: (row) => row.valueText },
			{ title: 'UNIT', x: m + w * 0.6, cell: unitText },
			{ title: 'BIOLOGICAL REF. INTERVAL', x: m + w * 0.74, cell: (row) => row.rangeText ?? '' },
		]
		const placed: Placed[] = []
		for (const panel of content.panels) drawTable(writer, panel.title, panel.rows, columns, placed)
		return finish(writer, content, placed, font)
	},
}

function languageFamily(name: string, styles: Style[], heldOut: boolean): Family {
	return {
		name,
		heldOut,
		describe: `labels in ${styles.join(', ')}: decimal commas, day-first dates`,
		build: (random, variant) => tableFamily(random, variant, { style: styles[variant % styles.length], columns: variant % 2 ? 'flag-beside' : 'flag' }),
	}
}

export const FAMILIES: Family[] = [
	{
		name: 'flag-column',
		heldOut: false,
		describe: 'one table per panel: test, result, flag column, units, range',
		build: (random, variant) => tableFamily(random, variant, { style: 'us', columns: 'flag' }),
	},
	{
		name: 'flag-beside-value',
		heldOut: false,
		describe: "flag printed beside the value ('5.9 H'), range before the units",
		build: (random, variant) => tableFamily(random, variant, { style: variant % 2 ? 'uk' : 'us', columns: 'flag-beside', flagWords: variant % 2 === 1 }),
	},
	sideBySide,
	cards,
	cumulative,
	{
		name: 'unit-in-name',
		heldOut: false,
		describe: "unit inside the name ('Glucose (mg/dL)'), no unit column",
		build: (random, variant) => tableFamily(random, variant, { style: 'us', columns: 'no-unit' }),
	},
	{
		name: 'unit-in-range',
		heldOut: true,
		describe: "units only inside the range column ('3.8-10.8 Thousand/uL'); in-range and out-of-range result columns",
		build: (random, variant) => tableFamily(random, variant, { style: 'us', columns: 'unit-in-range', rangeForms: ['dash'] }),
	},
	{
		name: 'range-forms',
		heldOut: false,
		describe: "'> 40.00', '< 100.00', 'Up to 46', ranges carrying their unit, thousands separators",
		build: (random, variant) =>
			tableFamily(random, variant, {
				style: variant % 2 ? 'in' : 'us',
				columns: 'flag',
				rangeForms: ['two-decimals', 'words', 'with-unit', 'bracket'],
				perCubicMm: true,
			}),
	},
	referenceUnderRow,
	landscapeMultipage,
	patientBlock,
	wrappedNames,
	languageFamily('languages-de-fr-es', ['de', 'fr', 'es'], false),
	languageFamily('languages-it-pt-tr', ['it', 'pt', 'tr'], true),
]
