import { createHash } from 'node:crypto'

/** An entry's identity where the file gives it no id: a short hash of what it says. */
export function contentKey(prefix: string, ...parts: unknown[]): string {
	return `${prefix}:${createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 24)}`
}

/** One moment written two ways ('2008-03-19T08:30-08:00', '2008-03-19T16:30:00Z') as one text; a day, a month or a local time as written. */
export function momentOf(effective: string): string {
	if (/T\d{2}:\d{2}/.test(effective) && /(Z|[+-]\d{2}:?\d{2})$/.test(effective)) {
		const time = Date.parse(effective)
		if (Number.isFinite(time)) return new Date(time).toISOString()
	}
	return effective
}

/**
 * A result's identity by what it says: code, value, unit and moment. The same
 * result repeated in a later file (a newer CCD from the same portal, a
 * re-exported bundle with new ids, the portal's FHIR export of a CCD it also
 * gave) has this key whatever ids the files give it. Null without a date:
 * two undated equal values may be two measurements.
 */
export function resultContentKey(result: {
	loinc: string | null
	localCode: string | null
	name: string
	value: number
	unit: string | null
	effective: string | null
}): string | null {
	if (!result.effective) return null
	return contentKey(
		'result',
		result.loinc ?? result.localCode ?? result.name.trim().toLowerCase(),
		result.value,
		(result.unit ?? '').trim(),
		momentOf(result.effective),
	)
}

/** A medication's identity by what it says: RxNorm code (else its name), dose and start date. */
export function medicationContentKey(medication: { name: string; rxnorm: string | null; dose: string | null; startDate: string | null }): string {
	return contentKey(
		'medication',
		medication.rxnorm ?? medication.name.trim().toLowerCase().replace(/\s+/g, ' '),
		medication.dose ?? '',
		medication.startDate ?? '',
	)
}
