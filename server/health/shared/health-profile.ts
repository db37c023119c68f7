import { z } from 'zod'
import { isValidLocalDate } from '#server/time/shared/zoned-time.ts'
import { toLocalDate } from './dates.ts'
import { EARLIEST_READING_DATE } from './manual-reading.ts'
import type { RaceGroup, Sex } from './pooled-cohort-equations.ts'
import type { RiskProfile } from './risk.ts'
import type { DateInput, LocalDate } from './types.ts'

/**
 * The patient's risk profile (stored per tenant in health_profiles): the
 * inputs risk calculators need that lab reports do not carry. Every field is
 * optional; an unanswered one stays null and the assessment names it as
 * missing. Browser-safe: the form and the action share the schema.
 */

export const SEXES = ['female', 'male'] as const
export const RACE_GROUPS = ['white', 'african_american', 'other'] as const
export const YES_NO = ['yes', 'no'] as const

export const SEX_LABELS: Record<Sex, string> = { female: 'Female', male: 'Male' }
export const RACE_GROUP_LABELS: Record<RaceGroup, string> = {
	white: 'White',
	african_american: 'African American',
	other: 'Other or not listed',
}

export const HEALTH_PROFILE_TEXTS = {
	title: 'Risk profile',
	description:
		'A 10-year cardiovascular risk estimate (the pooled cohort equations) needs a few facts that lab reports do not contain. Answer what you can; anything left blank is listed as missing.',
	raceGroupExplanation:
		'The pooled cohort equations were developed in white and African American adults and use separate coefficients for each. For anyone else the guideline advises the equations for white adults, which may over- or underestimate the risk. This answer is used only for this calculation.',
	notAnswered: 'Not answered',
	saved: 'Your risk profile has been saved.',
	dateOfBirthInvalid: 'Enter a valid date of birth.',
	dateOfBirthInFuture: 'The date of birth cannot be in the future.',
	dateOfBirthTooEarly: 'The date of birth cannot be before 1900-01-01.',
	sexInvalid: 'Choose female or male.',
	raceGroupInvalid: 'Choose one of the listed groups.',
	yesNoInvalid: 'Choose yes or no.',
} as const

export const HEALTH_PROFILE_QUESTIONS = {
	isSmoker: 'Do you currently smoke?',
	isTreatedForHypertension: 'Do you take medication for high blood pressure?',
	hasDiabetes: 'Have you been diagnosed with diabetes?',
} as const

export type HealthProfile = {
	dateOfBirth: LocalDate | null
	sex: Sex | null
	raceGroup: RaceGroup | null
	isSmoker: boolean | null
	isTreatedForHypertension: boolean | null
	hasDiabetes: boolean | null
}

export const EMPTY_HEALTH_PROFILE: HealthProfile = {
	dateOfBirth: null,
	sex: null,
	raceGroup: null,
	isSmoker: null,
	isTreatedForHypertension: null,
	hasDiabetes: null,
}

/** A date of birth: a real calendar date, not after today nor before the earliest date a reading may have (the profile's and registration's). */
export function dateOfBirthSchema(today: LocalDate) {
	return z
		.string()
		.trim()
		.refine((date) => isValidLocalDate(date), HEALTH_PROFILE_TEXTS.dateOfBirthInvalid)
		.refine((date) => !isValidLocalDate(date) || date <= today, HEALTH_PROFILE_TEXTS.dateOfBirthInFuture)
		.refine((date) => !isValidLocalDate(date) || date >= EARLIEST_READING_DATE, HEALTH_PROFILE_TEXTS.dateOfBirthTooEarly)
}

const yesNo = z.enum(YES_NO, { errorMap: () => ({ message: HEALTH_PROFILE_TEXTS.yesNoInvalid }) })

/** The form: empty fields arrive as undefined (Conform), yes/no answers as 'yes' | 'no'. */
export function createHealthProfileFormSchema(options: { today: DateInput }) {
	return z.object({
		dateOfBirth: dateOfBirthSchema(toLocalDate(options.today)).optional(),
		sex: z.enum(SEXES, { errorMap: () => ({ message: HEALTH_PROFILE_TEXTS.sexInvalid }) }).optional(),
		raceGroup: z.enum(RACE_GROUPS, { errorMap: () => ({ message: HEALTH_PROFILE_TEXTS.raceGroupInvalid }) }).optional(),
		isSmoker: yesNo.optional(),
		isTreatedForHypertension: yesNo.optional(),
		hasDiabetes: yesNo.optional(),
	})
}

export type HealthProfileForm = z.infer<ReturnType<typeof createHealthProfileFormSchema>>

/** The JSON shape (tRPC): nulls for unanswered, booleans for yes/no. */
export function createHealthProfileSchema(options: { today: DateInput }) {
	return z.object({
		dateOfBirth: dateOfBirthSchema(toLocalDate(options.today)).nullable(),
		sex: z.enum(SEXES).nullable(),
		raceGroup: z.enum(RACE_GROUPS).nullable(),
		isSmoker: z.boolean().nullable(),
		isTreatedForHypertension: z.boolean().nullable(),
		hasDiabetes: z.boolean().nullable(),
	})
}

function booleanOf(answer: 'yes' | 'no' | undefined): boolean | null {
	return answer === undefined ? null : answer === 'yes'
}

export function healthProfileFromForm(form: HealthProfileForm): HealthProfile {
	return {
		dateOfBirth: form.dateOfBirth ?? null,
		sex: form.sex ?? null,
		raceGroup: form.raceGroup ?? null,
		isSmoker: booleanOf(form.isSmoker),
		isTreatedForHypertension: booleanOf(form.isTreatedForHypertension),
		hasDiabetes: booleanOf(form.hasDiabetes),
	}
}

function answerOf(value: boolean | null): 'yes' | 'no' | '' {
	return value === null ? '' : value ? 'yes' : 'no'
}

/** Default values of the form for a stored profile. */
export function healthProfileFormDefaults(profile: HealthProfile) {
	return {
		dateOfBirth: profile.dateOfBirth ?? '',
		sex: profile.sex ?? '',
		raceGroup: profile.raceGroup ?? '',
		isSmoker: answerOf(profile.isSmoker),
		isTreatedForHypertension: answerOf(profile.isTreatedForHypertension),
		hasDiabetes: answerOf(profile.hasDiabetes),
	}
}

export function riskProfileOf(profile: HealthProfile): RiskProfile {
	return { ...profile }
}

/** Whether any answer is stored. */
export function isHealthProfileStarted(profile: HealthProfile): boolean {
	return Object.values(profile).some((value) => value !== null)
}
