import { describe, expect, it } from 'vitest'
import {
	EMPTY_HEALTH_PROFILE,
	HEALTH_PROFILE_TEXTS,
	createHealthProfileFormSchema,
	healthProfileFormDefaults,
	healthProfileFromForm,
	isHealthProfileStarted,
} from './health-profile.ts'

describe('risk profile', () => {
	const schema = createHealthProfileFormSchema({ today: '2026-06-01' })

	it('turns form answers into a profile, unanswered questions into null', () => {
		const parsed = schema.parse({ dateOfBirth: '1970-05-02', sex: 'female', isSmoker: 'no', hasDiabetes: 'yes' })
		expect(healthProfileFromForm(parsed)).toEqual({
			dateOfBirth: '1970-05-02',
			sex: 'female',
			raceGroup: null,
			isSmoker: false,
			isTreatedForHypertension: null,
			hasDiabetes: true,
		})
	})

	it('refuses a birth date in the future or one that is not a date', () => {
		const future = schema.safeParse({ dateOfBirth: '2026-06-02' })
		expect(future.success ? [] : future.error.issues.map((issue) => issue.message)).toEqual([HEALTH_PROFILE_TEXTS.dateOfBirthInFuture])
		const invalid = schema.safeParse({ dateOfBirth: '1970-02-30' })
		expect(invalid.success ? [] : invalid.error.issues.map((issue) => issue.message)).toEqual([HEALTH_PROFILE_TEXTS.dateOfBirthInvalid])
		const sex = schema.safeParse({ sex: 'other' })
		expect(sex.success ? [] : sex.error.issues.map((issue) => issue.message)).toEqual([HEALTH_PROFILE_TEXTS.sexInvalid])
	})

	it('gives form defaults for a stored profile', () => {
		expect(healthProfileFormDefaults({ ...EMPTY_HEALTH_PROFILE, isSmoker: true, hasDiabetes: false })).toMatchObject({
			dateOfBirth: '',
			isSmoker: 'yes',
			hasDiabetes: 'no',
			isTreatedForHypertension: '',
		})
		expect(isHealthProfileStarted(EMPTY_HEALTH_PROFILE)).toBe(false)
		expect(isHealthProfileStarted({ ...EMPTY_HEALTH_PROFILE, sex: 'male' })).toBe(true)
	})
})
