import { describe, expect, it } from 'vitest'
import { timeZoneChoices, timeZoneLabel } from './time-zones.ts'

describe('timeZoneChoices', () => {
	it('offers UTC first, once, with the IANA zones', () => {
		const choices = timeZoneChoices(null)
		expect(choices[0]).toBe('UTC')
		expect(choices.filter((zone) => zone === 'UTC')).toHaveLength(1)
		expect(choices).toContain('America/New_York')
	})

	it('keeps a stored zone that the list lacks, so the edit form preselects it', () => {
		expect(timeZoneChoices('UTC')).toContain('UTC')
		const legacy = timeZoneChoices('US/Eastern')
		expect(legacy[0]).toBe('US/Eastern')
		expect(timeZoneChoices('Europe/Paris').filter((zone) => zone === 'Europe/Paris')).toHaveLength(1)
	})

	it('does not offer a stored value that is not a zone', () => {
		expect(timeZoneChoices('Not/AZone')).not.toContain('Not/AZone')
	})
})

describe('timeZoneLabel', () => {
	it('reads underscores as spaces', () => {
		expect(timeZoneLabel('America/New_York')).toBe('America/New York')
		expect(timeZoneLabel('UTC')).toBe('UTC')
	})
})
