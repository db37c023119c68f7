/**
 * The language of a report's labels, from words lab reports print (column
 * headers, section titles, date labels), so that OCR can read the page again
 * with that language's data. English is the default and always read.
 */

export type ReportLanguageCode = 'deu' | 'fra' | 'spa' | 'ita' | 'por' | 'tur'

const MARKERS: Record<ReportLanguageCode, RegExp> = {
	deu: /\b(?:ergebnis|einheit|referenzbereich|untersuchung|befund|befunddatum|blutbild|entnahme\w*|geburtsdatum|leukozyten|erythrozyten|thrombozyten|hämoglobin|hamoglobin|kreatinin|harnstoff|natrium|kalium|labor)\b/gi,
	fra: /\b(?:résultat|resultat|unité|unite|valeurs|référence|reference|analyse|prélèvement|prelevement|hématies|hematies|hémoglobine|hemoglobine|plaquettes|leucocytes|créatinine|creatinine|glycémie|glycemie|naissance|laboratoire)\b/gi,
	spa: /\b(?:resultado|unidades|valores|referencia|prueba|fecha|hemograma|leucocitos|hematíes|hematies|plaquetas|glucosa|creatinina|nacimiento|informe|laboratorio)\b/gi,
	ita: /\b(?:risultato|unità|unita|valori|riferimento|esame|prelievo|emocromo|leucociti|eritrociti|piastrine|emoglobina|glicemia|nascita|referto|laboratorio)\b/gi,
	por: /\b(?:resultado|unidade|valores|referência|referencia|exame|coleta|hemograma|leucócitos|leucocitos|hemácias|hemacias|plaquetas|glicose|creatinina|nascimento|laudo|laboratório|laboratorio)\b/gi,
	tur: /\b(?:sonuç|sonuc|birim|referans|tetkik|tarihi|hasta|hemogram|lökosit|lokosit|trombosit|glukoz|kreatinin|üre|ure|doğum|dogum|laboratuvar\w*)\b/gi,
}

/** The report language other than English the text is written in, or null (English, or too little evidence). */
export function detectReportLanguage(text: string): ReportLanguageCode | null {
	let best: ReportLanguageCode | null = null
	let bestHits = 0
	for (const [language, marker] of Object.entries(MARKERS) as Array<[ReportLanguageCode, RegExp]>) {
		const hits = new Set((text.match(marker) ?? []).map((word) => word.toLowerCase())).size
		if (hits > bestHits) {
			best = language
			bestHits = hits
		}
	}
	return bestHits >= 3 ? best : null
}
