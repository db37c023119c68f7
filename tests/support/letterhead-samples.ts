import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas'
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib'
import { LABELS, seededRandom, type Random, type ReportContent } from './lab-corpus/content.ts'
import { simulatePhoto, simulateScan } from './lab-corpus/index.ts'

/**
 * Reports whose issuer is named only by their letterhead, drawn as a picture: a logo's lockup
 * (words of several sizes stacked over one centre, letter-spaced lines between rules), a name in
 * a coloured band, a name beside an emblem; and letterheads that name nobody (an emblem with a
 * tagline, generic words, a report title). Each is a text PDF (the letterhead an embedded image,
 * the results in the text layer, the name nowhere in the text) and a scan of it. The names, faces
 * and layouts were written apart from the real documents; test support only.
 */

type Language = ReportContent['language']
type Face = 'DejaVu Sans' | 'DejaVu Serif' | 'DejaVu Sans Condensed' | 'Liberation Sans' | 'Liberation Serif' | 'Liberation Sans Narrow'
type Line = { text: string; size: number; bold?: boolean; spaced?: boolean; ruled?: boolean }
type Design = {
	id: string
	language: Language
	lines: Line[]
	face: Face
	colour: string
	/** 'lockup': an emblem left of stacked lines; 'band': light letters in a dark band over the page; 'centred': lines centred, no emblem */
	layout: 'lockup' | 'band' | 'centred'
	tagline?: string
	/** what a reader of the page names as its issuer; null: nobody */
	provider: string | null
}

export const LETTERHEAD_DESIGNS: readonly Design[] = [
	{
		id: 'pt-lockup-three-sizes',
		language: 'pt',
		lines: [
			{ text: 'LABORATÓRIO', size: 26, bold: true, spaced: true },
			{ text: 'VITALIS', size: 72, bold: true },
			{ text: 'ANÁLISES CLÍNICAS', size: 20, spaced: true, ruled: true },
		],
		face: 'DejaVu Sans',
		colour: '#1d3f8f',
		layout: 'lockup',
		tagline: 'Cuidando de você',
		provider: 'Laboratório Vitalis Análises Clínicas',
	},
	{
		id: 'es-clinic-two-sizes',
		language: 'es',
		lines: [
			{ text: 'Clínica', size: 34 },
			{ text: 'Santa Elena', size: 58, bold: true },
		],
		face: 'Liberation Serif',
		colour: '#7a1f2b',
		layout: 'lockup',
		provider: 'Clínica Santa Elena',
	},
	{
		id: 'en-stacked-capitals',
		language: 'en',
		lines: [
			{ text: 'NORDHAVEN', size: 48, bold: true },
			{ text: 'DIAGNOSTICS', size: 48, bold: true },
		],
		face: 'DejaVu Sans Condensed',
		colour: '#0f6b5c',
		layout: 'lockup',
		provider: 'Nordhaven Diagnostics',
	},
	{
		id: 'fr-serif-lockup',
		language: 'fr',
		lines: [
			{ text: 'Laboratoire', size: 30 },
			{ text: 'des Tilleuls', size: 52, bold: true },
		],
		face: 'DejaVu Serif',
		colour: '#2e2e2e',
		layout: 'lockup',
		tagline: 'Biologie médicale',
		provider: 'Laboratoire des Tilleuls',
	},
	{
		id: 'de-band',
		language: 'de',
		lines: [{ text: 'Labor Rheinblick', size: 50, bold: true }],
		face: 'Liberation Sans',
		colour: '#ffffff',
		layout: 'band',
		provider: 'Labor Rheinblick',
	},
	{
		id: 'it-two-lines',
		language: 'it',
		lines: [
			{ text: 'Laboratorio Analisi', size: 36, bold: true },
			{ text: 'SAN MARCO', size: 36, bold: true, spaced: true },
		],
		face: 'Liberation Sans Narrow',
		colour: '#8a4b00',
		layout: 'centred',
		provider: 'Laboratorio Analisi San Marco',
	},
	{
		id: 'en-one-line-emblem',
		language: 'en',
		lines: [{ text: 'Blue Harbor Medical Group', size: 44, bold: true }],
		face: 'DejaVu Sans',
		colour: '#23507a',
		layout: 'lockup',
		tagline: 'Family medicine and laboratory',
		provider: 'Blue Harbor Medical Group',
	},
	{
		id: 'en-three-lines-mixed',
		language: 'en',
		lines: [
			{ text: 'ASHGROVE', size: 64, bold: true },
			{ text: 'Pathology Laboratories', size: 28 },
		],
		face: 'Liberation Serif',
		colour: '#4b2a6b',
		layout: 'centred',
		provider: 'Ashgrove Pathology Laboratories',
	},
	{
		id: 'es-medical-centre-band',
		language: 'es',
		lines: [{ text: 'CENTRO MÉDICO LOS ÁLAMOS', size: 42, bold: true }],
		face: 'DejaVu Sans Condensed',
		colour: '#ffffff',
		layout: 'band',
		provider: 'Centro Médico Los Álamos',
	},
	{
		id: 'pt-hospital-lockup',
		language: 'pt',
		lines: [
			{ text: 'Hospital', size: 30, spaced: true },
			{ text: 'São Lucas', size: 60, bold: true },
		],
		face: 'Liberation Sans',
		colour: '#005f73',
		layout: 'lockup',
		provider: 'Hospital São Lucas',
	},
	// letterheads that name nobody
	{
		id: 'en-tagline-only',
		language: 'en',
		lines: [{ text: 'Caring for your health', size: 40 }],
		face: 'DejaVu Serif',
		colour: '#1d3f8f',
		layout: 'lockup',
		provider: null,
	},
	{
		id: 'en-generic-words',
		language: 'en',
		lines: [
			{ text: 'CLINICAL', size: 44, bold: true },
			{ text: 'LABORATORY', size: 44, bold: true },
		],
		face: 'DejaVu Sans',
		colour: '#333333',
		layout: 'lockup',
		provider: null,
	},
	{
		id: 'pt-report-title',
		language: 'pt',
		lines: [{ text: 'Resultado de Exames', size: 44, bold: true }],
		face: 'Liberation Sans',
		colour: '#0f6b5c',
		layout: 'centred',
		provider: null,
	},
	{
		id: 'es-emblem-slogan',
		language: 'es',
		lines: [{ text: 'Su salud, nuestra misión', size: 38 }],
		face: 'Liberation Serif',
		colour: '#7a1f2b',
		layout: 'lockup',
		provider: null,
	},
]

/**
 * Written after the readers were tuned on LETTERHEAD_DESIGNS and measured once, untouched since:
 * what the letterhead readers do on designs nobody looked at while writing them.
 */
export const HELD_OUT_LETTERHEAD_DESIGNS: readonly Design[] = [
	{
		id: 'en-community-hospital',
		language: 'en',
		lines: [
			{ text: 'Mercy Ridge', size: 56, bold: true },
			{ text: 'Community Hospital', size: 30 },
		],
		face: 'Liberation Serif',
		colour: '#203864',
		layout: 'centred',
		provider: 'Mercy Ridge Community Hospital',
	},
	{
		id: 'es-lab-del-valle',
		language: 'es',
		lines: [
			{ text: 'LABORATORIO CLÍNICO', size: 24, bold: true, spaced: true },
			{ text: 'DEL VALLE', size: 60, bold: true },
		],
		face: 'DejaVu Sans',
		colour: '#0b5d1e',
		layout: 'lockup',
		tagline: 'Análisis de confianza',
		provider: 'Laboratorio Clínico del Valle',
	},
	{
		id: 'pt-clinica-boa-vista',
		language: 'pt',
		lines: [
			{ text: 'Clínica', size: 28 },
			{ text: 'Boa Vista', size: 56, bold: true },
			{ text: 'DIAGNÓSTICO POR IMAGEM', size: 18, spaced: true, ruled: true },
		],
		face: 'DejaVu Sans Condensed',
		colour: '#6a1b9a',
		layout: 'lockup',
		provider: 'Clínica Boa Vista Diagnóstico por Imagem',
	},
	{
		id: 'fr-centre-hospitalier-band',
		language: 'fr',
		lines: [{ text: 'CENTRE HOSPITALIER DE LA VALLÉE', size: 40, bold: true }],
		face: 'Liberation Sans Narrow',
		colour: '#ffffff',
		layout: 'band',
		provider: 'Centre Hospitalier de la Vallée',
	},
	{
		id: 'de-praxis-two-lines',
		language: 'de',
		lines: [
			{ text: 'Praxis für Labormedizin', size: 34 },
			{ text: 'Dr. Weber', size: 34, bold: true },
		],
		face: 'DejaVu Serif',
		colour: '#3e2723',
		layout: 'centred',
		provider: 'Praxis für Labormedizin Dr. Weber',
	},
	{
		id: 'en-pinecrest-emblem',
		language: 'en',
		lines: [{ text: 'PINECREST LABS', size: 50, bold: true, spaced: true }],
		face: 'Liberation Sans',
		colour: '#1b5e20',
		layout: 'lockup',
		tagline: 'Accredited clinical laboratory',
		provider: 'Pinecrest Labs',
	},
	{
		id: 'it-poliambulatorio',
		language: 'it',
		lines: [
			{ text: 'Poliambulatorio', size: 30 },
			{ text: 'Santa Chiara', size: 54, bold: true },
		],
		face: 'Liberation Serif',
		colour: '#8e2424',
		layout: 'lockup',
		provider: 'Poliambulatorio Santa Chiara',
	},
	{
		id: 'en-quality-tagline',
		language: 'en',
		lines: [{ text: 'Quality you can trust', size: 42, bold: true }],
		face: 'DejaVu Sans',
		colour: '#203864',
		layout: 'lockup',
		provider: null,
	},
	{
		id: 'en-report-title-band',
		language: 'en',
		lines: [{ text: 'LABORATORY REPORT', size: 46, bold: true }],
		face: 'Liberation Sans',
		colour: '#ffffff',
		layout: 'band',
		provider: null,
	},
	{
		id: 'fr-emblem-since',
		language: 'fr',
		lines: [{ text: 'Depuis 1987', size: 36 }],
		face: 'DejaVu Serif',
		colour: '#3e2723',
		layout: 'lockup',
		provider: null,
	},
]

export type LetterheadSample = { id: string; medium: 'text_pdf' | 'scan' | 'photo'; bytes: Buffer; provider: string | null; heldOut: boolean }

/** A line drawn letter by letter, `spacing` apart, from x; its width. */
function drawSpaced(context: SKRSContext2D, text: string, x: number, y: number, spacing: number): number {
	let at = x
	for (const letter of text) {
		context.fillText(letter, at, y)
		at += context.measureText(letter).width + spacing
	}
	return at - spacing - x
}

function lineWidth(context: SKRSContext2D, line: Line): number {
	const spacing = line.spaced ? line.size * 0.25 : 0
	return [...line.text].reduce((width, letter) => width + context.measureText(letter).width + spacing, 0) - spacing
}

/** The letterhead as a PNG, `width` pixels wide. */
function drawLetterhead(design: Design, width: number): Buffer {
	const lineGap = 8
	const height = design.lines.reduce((sum, line) => sum + line.size * 1.15 + lineGap, 40) + (design.tagline ? 40 : 0)
	const canvas = createCanvas(width, Math.ceil(height))
	const context = canvas.getContext('2d')
	if (design.layout === 'band') {
		context.fillStyle = '#1f3b57'
		context.fillRect(0, 0, width, height)
	}
	const emblem = design.layout === 'lockup' ? 150 : 0
	if (emblem) {
		// an emblem: a ring with a cross, drawn in the letterhead's colour
		context.strokeStyle = design.colour
		context.fillStyle = design.colour
		context.lineWidth = 10
		context.beginPath()
		context.arc(70, height / 2, Math.min(55, height / 2 - 8), 0, Math.PI * 2)
		context.stroke()
		context.fillRect(60, height / 2 - 35, 20, 70)
		context.fillRect(35, height / 2 - 10, 70, 20)
	}
	const block = Math.max(
		...design.lines.map((line) => {
			context.font = `${line.bold ? 'bold ' : ''}${line.size}px "${design.face}"`
			return lineWidth(context, line)
		}),
	)
	const centre = design.layout === 'centred' ? width / 2 : emblem + 20 + block / 2
	let y = 20
	context.fillStyle = design.colour
	context.strokeStyle = design.colour
	context.textBaseline = 'top'
	for (const line of design.lines) {
		context.font = `${line.bold ? 'bold ' : ''}${line.size}px "${design.face}"`
		const lineW = lineWidth(context, line)
		const x = centre - lineW / 2
		drawSpaced(context, line.text, x, y, line.spaced ? line.size * 0.25 : 0)
		if (line.ruled) {
			context.lineWidth = 2
			context.beginPath()
			context.moveTo(x - 60, y + line.size * 0.55)
			context.lineTo(x - 12, y + line.size * 0.55)
			context.moveTo(x + lineW + 12, y + line.size * 0.55)
			context.lineTo(x + lineW + 60, y + line.size * 0.55)
			context.stroke()
		}
		y += line.size * 1.15 + lineGap
	}
	if (design.tagline) {
		context.font = `italic 22px "${design.face}"`
		context.fillText(design.tagline, centre - context.measureText(design.tagline).width / 2, y + 6)
	}
	return canvas.toBuffer('image/png')
}

/** Results in the report's language, in its text layer. */
const ROWS: Record<Language, Array<[string, string, string, string]>> = {
	en: [
		['Glucose', '92', 'mg/dL', '70 - 99'],
		['Hemoglobin', '13.8', 'g/dL', '12.0 - 16.0'],
		['Creatinine', '0.9', 'mg/dL', '0.6 - 1.2'],
		['Potassium', '4.2', 'mmol/L', '3.5 - 5.1'],
	],
	de: [
		['Glukose', '92', 'mg/dl', '70 - 99'],
		['Hämoglobin', '13,8', 'g/dl', '12,0 - 16,0'],
		['Kreatinin', '0,9', 'mg/dl', '0,6 - 1,2'],
		['Kalium', '4,2', 'mmol/l', '3,5 - 5,1'],
	],
	fr: [
		['Glycémie', '0,92', 'g/L', '0,70 - 0,99'],
		['Hémoglobine', '13,8', 'g/dL', '12,0 - 16,0'],
		['Créatinine', '9', 'mg/L', '6 - 12'],
		['Potassium', '4,2', 'mmol/L', '3,5 - 5,1'],
	],
	es: [
		['Glucosa', '92', 'mg/dL', '70 - 99'],
		['Hemoglobina', '13,8', 'g/dL', '12,0 - 16,0'],
		['Creatinina', '0,9', 'mg/dL', '0,6 - 1,2'],
		['Potasio', '4,2', 'mmol/L', '3,5 - 5,1'],
	],
	it: [
		['Glicemia', '92', 'mg/dL', '70 - 99'],
		['Emoglobina', '13,8', 'g/dL', '12,0 - 16,0'],
		['Creatinina', '0,9', 'mg/dL', '0,6 - 1,2'],
		['Potassio', '4,2', 'mmol/L', '3,5 - 5,1'],
	],
	pt: [
		['Glicose', '92', 'mg/dL', '70 - 99'],
		['Hemoglobina', '13,8', 'g/dL', '12,0 - 16,0'],
		['Creatinina', '0,9', 'mg/dL', '0,6 - 1,2'],
		['Potássio', '4,2', 'mmol/L', '3,5 - 5,1'],
	],
	tr: [
		['Glukoz', '92', 'mg/dL', '70 - 99'],
		['Hemoglobin', '13,8', 'g/dL', '12,0 - 16,0'],
		['Kreatinin', '0,9', 'mg/dL', '0,6 - 1,2'],
		['Potasyum', '4,2', 'mmol/L', '3,5 - 5,1'],
	],
}

/** The report: the letterhead image at the top, a patient block and a table of results in the text layer. */
async function reportPdf(design: Design, random: Random): Promise<Uint8Array> {
	const pdf = await PDFDocument.create()
	const page = pdf.addPage([595, 842])
	const font = await pdf.embedFont(random.pick([StandardFonts.Helvetica, StandardFonts.TimesRoman]))
	const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
	const png = await pdf.embedPng(drawLetterhead(design, 1200))
	const width = design.layout === 'band' ? 595 : random.pick([260, 300, 340])
	const scale = width / png.width
	const top = design.layout === 'band' ? 0 : 30
	page.drawImage(png, {
		x: design.layout === 'band' ? 0 : design.layout === 'centred' ? (595 - width) / 2 : 40,
		y: 842 - top - png.height * scale,
		width,
		height: png.height * scale,
	})
	const labels = LABELS[design.language]
	let y = 842 - top - png.height * scale - 36
	const text = (value: string, x: number, size = 10, face = font) => page.drawText(value, { x, y, size, font: face, color: rgb(0.1, 0.1, 0.1) })
	text(`${labels.patient}: A. Sample`, 40)
	text(`${labels.collected}: 14/03/2025`, 330)
	y -= 16
	text(`${labels.birth}: 02/07/1981`, 40)
	text(`${labels.reported}: 15/03/2025`, 330)
	y -= 30
	for (const [label, x] of [
		[labels.test, 40],
		[labels.result, 230],
		[labels.unit, 320],
		[labels.range, 420],
	] as const)
		text(label, x, 10, bold)
	y -= 18
	for (const [name, value, unit, range] of ROWS[design.language]) {
		text(name, 40)
		text(value, 230)
		text(unit, 320)
		text(range, 420)
		y -= 16
	}
	return pdf.save()
}

/**
 * Every design (the held-out ones after) as a text PDF, a scan and a phone photo of it (seeded: the
 * same samples every run); `only`: these samples' ids ('en-stacked-capitals/scan'), made alone.
 */
export async function generateLetterheadSamples(seed = 41, only?: string[]): Promise<LetterheadSample[]> {
	const samples: LetterheadSample[] = []
	const designs = [
		...LETTERHEAD_DESIGNS.map((design) => ({ design, heldOut: false })),
		...HELD_OUT_LETTERHEAD_DESIGNS.map((design) => ({ design, heldOut: true })),
	]
	const wanted = (id: string) => !only || only.includes(id)
	for (const [index, { design, heldOut }] of designs.entries()) {
		if (!['text_pdf', 'scan', 'photo'].some((medium) => wanted(`${design.id}/${medium}`))) continue
		const random = seededRandom(seed * 7907 + index)
		const pdf = await reportPdf(design, random)
		const of = (medium: LetterheadSample['medium'], bytes: Buffer) => ({ id: `${design.id}/${medium}`, medium, bytes, provider: design.provider, heldOut })
		samples.push(of('text_pdf', Buffer.from(pdf)))
		// the photo draws from the same sequence after the scan: the scan is made for it too
		if (!wanted(`${design.id}/scan`) && !wanted(`${design.id}/photo`)) continue
		samples.push(of('scan', (await simulateScan(pdf, random, seededRandom(seed * 104723 + index))).bytes))
		if (wanted(`${design.id}/photo`)) samples.push(of('photo', (await simulatePhoto(pdf, random)).bytes))
	}
	return samples.filter((sample) => wanted(sample.id))
}
