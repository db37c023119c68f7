import { parseWithZod } from '@conform-to/zod'
import { describe, expect, it } from 'vitest'
import { AppointmentFormSchema, CancelFormSchema, RescheduleFormSchema } from './appointment-form-schema.ts'
import { REQUIRED_FIELDS_MESSAGE } from './labels.ts'

const complete = {
	title: 'Annual physical',
	provider: 'Dr. Sarah Johnson',
	location: '',
	specialty: 'Primary Care',
	durationMinutes: '45',
	status: 'pending',
	date: '2026-03-05',
	time: '14:30',
	type: 'specialist',
	notes: '',
	contactPhone: '',
	contactEmail: '',
}

function formDataOf(values: Record<string, string>): FormData {
	const formData = new FormData()
	for (const [name, value] of Object.entries(values)) formData.append(name, value)
	return formData
}

function submit(values: Record<string, string>) {
	return parseWithZod(formDataOf(values), { schema: AppointmentFormSchema })
}

function errorsOf(values: Record<string, string>) {
	const submission = submit(values)
	if (submission.status === 'success') return {}
	return submission.reply().error ?? {}
}

describe('AppointmentFormSchema (through Conform)', () => {
	it('accepts a complete form and types its values', () => {
		const submission = submit(complete)
		expect(submission.status).toBe('success')
		if (submission.status !== 'success') return
		expect(submission.value).toEqual({
			title: 'Annual physical',
			provider: 'Dr. Sarah Johnson',
			specialty: 'Primary Care',
			durationMinutes: 45,
			status: 'pending',
			date: '2026-03-05',
			time: '14:30',
			type: 'specialist',
		})
	})

	it('defaults duration to 30 minutes and type to Check-up', () => {
		const submission = submit({ ...complete, durationMinutes: '', type: '' })
		expect(submission.status === 'success' && submission.value).toMatchObject({ durationMinutes: 30, type: 'checkup' })
	})

	it.each(['title', 'provider', 'specialty', 'date', 'time'])('gives the required-fields message on the form and on %s when it is missing', (field) => {
		const errors = errorsOf({ ...complete, [field]: '' })
		expect(errors['']).toEqual([REQUIRED_FIELDS_MESSAGE])
		expect(errors[field]).toEqual([REQUIRED_FIELDS_MESSAGE])
		expect(Object.keys(errors).sort()).toEqual(['', field].sort())
	})

	it('treats a whitespace-only field as missing', () => {
		const errors = errorsOf({ ...complete, title: '   ' })
		expect(errors['']).toEqual([REQUIRED_FIELDS_MESSAGE])
		expect(errors.title).toEqual([REQUIRED_FIELDS_MESSAGE])
	})

	it('gives the message once on the form when all five are missing, and on each field', () => {
		const errors = errorsOf({ ...complete, title: '', provider: '', specialty: '', date: '', time: '' })
		expect(errors['']).toEqual([REQUIRED_FIELDS_MESSAGE])
		for (const field of ['title', 'provider', 'specialty', 'date', 'time']) {
			expect(errors[field]).toEqual([REQUIRED_FIELDS_MESSAGE])
		}
	})

	it('reports other field errors at the same time as missing fields', () => {
		const errors = errorsOf({ ...complete, title: '', contactEmail: 'not-an-email' })
		expect(errors['']).toEqual([REQUIRED_FIELDS_MESSAGE])
		expect(errors.contactEmail).toEqual(['Please enter a valid email address'])
	})

	it('refuses 1899-12-31 and accepts 1900-01-01', () => {
		expect(errorsOf({ ...complete, date: '1899-12-31' })).toEqual({
			date: ['Date must be on or after January 1, 1900'],
		})
		expect(submit({ ...complete, date: '1900-01-01' }).status).toBe('success')
	})

	it('refuses a date that does not exist and a malformed one', () => {
		expect(errorsOf({ ...complete, date: '2026-02-29' })).toEqual({ date: ['Please enter a valid date'] })
		expect(errorsOf({ ...complete, date: '03/05/2026' })).toEqual({ date: ['Please enter a valid date'] })
		expect(submit({ ...complete, date: '2028-02-29' }).status).toBe('success')
	})

	it('refuses a time that is not 24-hour HH:MM', () => {
		for (const time of ['24:00', '2:30', '14:60', '2:30 PM']) {
			expect(errorsOf({ ...complete, time })).toEqual({ time: ['Please enter a valid time'] })
		}
		expect(submit({ ...complete, time: '00:00' }).status).toBe('success')
		expect(submit({ ...complete, time: '23:59' }).status).toBe('success')
	})

	it('refuses a duration that is not one of the options', () => {
		expect(errorsOf({ ...complete, durationMinutes: '20' })).toEqual({ durationMinutes: ['Please choose a duration'] })
		expect(errorsOf({ ...complete, durationMinutes: 'long' })).toEqual({ durationMinutes: ['Please choose a duration'] })
	})

	it('accepts only Confirmed and Pending as status', () => {
		expect(errorsOf({ ...complete, status: 'cancelled' })).toEqual({ status: ['Please choose a status'] })
		expect(errorsOf({ ...complete, status: '' })).toEqual({ status: ['Please choose a status'] })
	})

	it('refuses an unknown appointment type', () => {
		expect(errorsOf({ ...complete, type: 'surgery' })).toEqual({ type: ['Please choose an appointment type'] })
	})

	it('accepts sensible phone numbers and refuses others', () => {
		for (const contactPhone of ['+1 (555) 123-4567', '555.123.4567', '030 1234567', '555-123-4567 ext. 12']) {
			expect(submit({ ...complete, contactPhone }).status).toBe('success')
		}
		for (const contactPhone of ['12345', 'call me', '+1 555 CALL NOW', '1+5551234567', '1234567890123456']) {
			expect(errorsOf({ ...complete, contactPhone })).toEqual({ contactPhone: ['Please enter a valid phone number'] })
		}
	})

	it('refuses a bad e-mail and stores a good one in lower case', () => {
		for (const contactEmail of ['dr.lee', 'dr@', '@clinic.com', 'dr lee@clinic.com']) {
			expect(errorsOf({ ...complete, contactEmail })).toEqual({ contactEmail: ['Please enter a valid email address'] })
		}
		const submission = submit({ ...complete, contactEmail: ' Dr.Lee@Clinic.com ' })
		expect(submission.status === 'success' && submission.value.contactEmail).toBe('dr.lee@clinic.com')
	})

	it('limits the notes length', () => {
		expect(errorsOf({ ...complete, notes: 'x'.repeat(2001) })).toEqual({ notes: ['Must be at most 2000 characters'] })
		expect(submit({ ...complete, notes: 'x'.repeat(2000) }).status).toBe('success')
	})

	it('keeps optional texts trimmed', () => {
		const submission = submit({ ...complete, location: '  Room 4  ', notes: ' Bring results ' })
		expect(submission.status === 'success' && submission.value).toMatchObject({
			location: 'Room 4',
			notes: 'Bring results',
		})
	})

	it('accepts a valid IANA zone and refuses an unknown one', () => {
		const submission = submit({ ...complete, timeZone: 'Asia/Tokyo' })
		expect(submission.status === 'success' && submission.value.timeZone).toBe('Asia/Tokyo')
		expect(errorsOf({ ...complete, timeZone: 'Mars/Olympus' })).toEqual({ timeZone: ['Unknown time zone'] })
	})
})

describe('AppointmentFormSchema (plain safeParse)', () => {
	it('gives the form-level message with path [] when fields are absent', () => {
		const result = AppointmentFormSchema.safeParse({ status: 'confirmed' })
		expect(result.success).toBe(false)
		if (result.success) return
		const formLevel = result.error.issues.filter((issue) => issue.path.length === 0)
		expect(formLevel.map((issue) => issue.message)).toEqual([REQUIRED_FIELDS_MESSAGE])
	})
})

describe('RescheduleFormSchema', () => {
	it('needs a date and a time and takes an optional reason', () => {
		const result = parseWithZod(formDataOf({ date: '', time: '', reason: '' }), { schema: RescheduleFormSchema })
		expect(result.status === 'success' ? {} : result.reply().error).toEqual({
			date: ['Please choose a date'],
			time: ['Please choose a time'],
		})
		const ok = parseWithZod(formDataOf({ date: '2026-04-01', time: '09:00', reason: ' Travel ' }), {
			schema: RescheduleFormSchema,
		})
		expect(ok.status === 'success' && ok.value).toEqual({ date: '2026-04-01', time: '09:00', reason: 'Travel' })
	})

	it('refuses dates before 1900-01-01', () => {
		const result = parseWithZod(formDataOf({ date: '1899-12-31', time: '09:00' }), { schema: RescheduleFormSchema })
		expect(result.status === 'success' ? {} : result.reply().error).toEqual({
			date: ['Date must be on or after January 1, 1900'],
		})
	})
})

describe('CancelFormSchema', () => {
	it('takes an optional reason of at most 500 characters', () => {
		expect(CancelFormSchema.parse({})).toEqual({})
		expect(CancelFormSchema.parse({ reason: '  ' })).toEqual({ reason: undefined })
		expect(CancelFormSchema.parse({ reason: 'x'.repeat(500) }).reason).toHaveLength(500)
		const tooLong = CancelFormSchema.safeParse({ reason: 'x'.repeat(501) })
		expect(tooLong.success ? null : tooLong.error.issues[0].message).toBe('Must be at most 500 characters')
	})
})
