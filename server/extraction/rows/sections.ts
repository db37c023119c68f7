/**
 * Sections of clinical notes: a heading line ('Current Medications',
 * 'Vitals:') and the lines under it, up to the next heading.
 */

const KNOWN_HEADINGS =
	/^(?:chief complaint|history of present illness|hpi|past medical history|pmh|past surgical history|family history|social history|review of systems|ros|physical exam(?:ination)?|exam|vitals?|vital signs|(?:current |active |home |discharge |discontinued |stopped |inactive |previous )?medications?(?: list)?|allergies|assessment(?: and plan| & plan|\/plan)?|plan|impression|findings|labs?|results|immunizations|problem list|diagnos[ie]s|follow-?up|instructions|orders|subjective|objective|signature)\b/i

/** Is the line a section heading (a known heading, or a short title without digits)? */
export function isHeadingLine(line: string): boolean {
	const text = line.trim().replace(/:$/, '')
	if (!text || text.length > 40) return false
	if (KNOWN_HEADINGS.test(text) && !/\d/.test(text) && text.split(/\s+/).length <= 5) return true
	return false
}

export type Section = { heading: string; lines: string[]; inline: string | null }

/**
 * The sections whose heading matches: the heading's own text after a colon
 * ('Vitals: BP 120/80') and the following lines up to the next heading.
 */
export function findSections(text: string, heading: RegExp): Section[] {
	const lines = text.split('\n')
	const sections: Section[] = []
	for (let i = 0; i < lines.length; i++) {
		const trimmed = lines[i].trim()
		const match = /^([A-Za-z][A-Za-z /&]{1,40}?)\s*:\s*(.*)$/.exec(trimmed)
		const title = isHeadingLine(trimmed) ? trimmed.replace(/:$/, '') : match && heading.test(match[1].trim()) ? match[1].trim() : null
		if (!title || !heading.test(title)) continue
		const body: string[] = []
		for (let j = i + 1; j < lines.length; j++) {
			if (isHeadingLine(lines[j])) break
			if (lines[j].trim() !== '') body.push(lines[j].trim())
		}
		sections.push({ heading: title, lines: body, inline: match && match[2].trim() ? match[2].trim() : null })
	}
	return sections
}
