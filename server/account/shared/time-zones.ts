import { isValidTimeZone } from '#server/time/shared/zoned-time.ts'

/** The zone names the profile's Time Zone select offers, 'UTC' first. */
const BASE_CHOICES = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')]

/**
 * The profile's time-zone choices: UTC and the runtime's IANA zones, plus the
 * stored zone when the list lacks it (the runtime lists canonical names only:
 * no 'UTC', no alias such as 'US/Eastern' that a browser may have reported). The edit
 * form then preselects what the profile shows instead of falling back to
 * 'Not set', and saving without touching it keeps the stored zone.
 */
export function timeZoneChoices(storedTimeZone: string | null | undefined): string[] {
	if (!storedTimeZone || BASE_CHOICES.includes(storedTimeZone) || !isValidTimeZone(storedTimeZone)) return BASE_CHOICES
	return [storedTimeZone, ...BASE_CHOICES]
}

/** How a zone reads in the profile, viewed or in the select: 'America/New York'. */
export function timeZoneLabel(timeZone: string): string {
	return timeZone.replace(/_/g, ' ')
}
