/**
 * Zod schemas of the appointment forms (new, edit, reschedule, cancel), for
 * Conform's parseWithZod on both the client and the action. Browser-safe.
 *
 * A missing Title, Provider, Specialty, Date or Time gives the spec's one
 * message (section 5) on each missing field and once on the form itself
 * (Conform's form-level error, path '').
 */
import { z } from 'zod'
import {
	APPOINTMENT_TYPES,
	BOOKABLE_STATUSES,
	DEFAULT_APPOINTMENT_TYPE,
	DEFAULT_DURATION_MINUTES,
	EARLIEST_APPOINTMENT_DATE,
	isAllowedDuration,
	type DurationMinutes,
} from './appointment.ts'
import { isPlausiblePhoneNumber } from './contact-links.ts'
import { REQUIRED_FIELDS_MESSAGE, VALIDATION_MESSAGES } from './labels.ts'
import { allowedTextPattern, TEXT_LIMITS, TEXT_MESSAGES } from '#server/validation/shared/text.ts'
import { isValidLocalDate, isValidLocalTime, isValidTimeZone } from '#server/time/shared/zoned-time.ts'

export const APPOINTMENT_TEXT_LIMITS = {
	title: TEXT_LIMITS.title,
	provider: TEXT_LIMITS.provider,
	specialty: TEXT_LIMITS.specialty,
	location: TEXT_LIMITS.location,
	notes: TEXT_LIMITS.notes,
	contactPhone: TEXT_LIMITS.phone,
	contactEmail: TEXT_LIMITS.email,
	reason: TEXT_LIMITS.reason,
} as const

/** Every text field refuses control characters (multi-line ones allow tab and line breaks) with a field message. */
function text(options: { multiline?: boolean } = {}) {
	return z.string().regex(allowedTextPattern(options), TEXT_MESSAGES.notAllowedCharacters)
}

export const REQUIRED_APPOINTMENT_FIELDS = ['title', 'provider', 'specialty', 'date', 'time'] as const

function isBlank(value: unknown): boolean {
	return value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
}

function hasMissingRequiredField(input: unknown): boolean {
	if (typeof input !== 'object' || input === null) return true
	const record = input as Record<string, unknown>
	return REQUIRED_APPOINTMENT_FIELDS.some((name) => isBlank(record[name]))
}

function requiredText(max: number, missingMessage: string) {
	return z
		.string({ required_error: missingMessage, invalid_type_error: missingMessage })
		.regex(allowedTextPattern(), TEXT_MESSAGES.notAllowedCharacters)
		.trim()
		.min(1, missingMessage)
		.max(max, VALIDATION_MESSAGES.tooLong(max))
}

function optionalText(max: number, options: { multiline?: boolean } = {}) {
	return text(options)
		.trim()
		.max(max, VALIDATION_MESSAGES.tooLong(max))
		.optional()
		.transform((value) => (value ? value : undefined))
}

function localDateField(missingMessage: string) {
	return z
		.string({ required_error: missingMessage, invalid_type_error: missingMessage })
		.trim()
		.superRefine((value, ctx) => {
			if (value === '') {
				ctx.addIssue({ code: z.ZodIssueCode.custom, message: missingMessage })
			} else if (!isValidLocalDate(value)) {
				ctx.addIssue({ code: z.ZodIssueCode.custom, message: VALIDATION_MESSAGES.invalidDate })
			} else if (value < EARLIEST_APPOINTMENT_DATE) {
				ctx.addIssue({ code: z.ZodIssueCode.custom, message: VALIDATION_MESSAGES.dateTooEarly })
			}
		})
}

function localTimeField(missingMessage: string) {
	return z
		.string({ required_error: missingMessage, invalid_type_error: missingMessage })
		.trim()
		.superRefine((value, ctx) => {
			if (value === '') {
				ctx.addIssue({ code: z.ZodIssueCode.custom, message: missingMessage })
			} else if (!isValidLocalTime(value)) {
				ctx.addIssue({ code: z.ZodIssueCode.custom, message: VALIDATION_MESSAGES.invalidTime })
			}
		})
}

const optionalTimeZone = text()
	.max(TEXT_LIMITS.timeZone, VALIDATION_MESSAGES.invalidTimeZone)
	.trim()
	.refine(isValidTimeZone, VALIDATION_MESSAGES.invalidTimeZone)
	.optional()

const optionalPhone = text()
	.trim()
	.max(APPOINTMENT_TEXT_LIMITS.contactPhone, VALIDATION_MESSAGES.invalidPhone)
	.refine((value) => value === '' || isPlausiblePhoneNumber(value), VALIDATION_MESSAGES.invalidPhone)
	.optional()
	.transform((value) => (value ? value : undefined))

const optionalEmail = text()
	.trim()
	.max(APPOINTMENT_TEXT_LIMITS.contactEmail, VALIDATION_MESSAGES.invalidEmail)
	.refine((value) => value === '' || z.string().email().safeParse(value).success, VALIDATION_MESSAGES.invalidEmail)
	.optional()
	.transform((value) => (value ? value.toLowerCase() : undefined))

const optionalReason = optionalText(APPOINTMENT_TEXT_LIMITS.reason, { multiline: true })

const appointmentFormFields = z.object({
	title: requiredText(APPOINTMENT_TEXT_LIMITS.title, REQUIRED_FIELDS_MESSAGE),
	provider: requiredText(APPOINTMENT_TEXT_LIMITS.provider, REQUIRED_FIELDS_MESSAGE),
	location: optionalText(APPOINTMENT_TEXT_LIMITS.location),
	specialty: requiredText(APPOINTMENT_TEXT_LIMITS.specialty, REQUIRED_FIELDS_MESSAGE),
	durationMinutes: z
		.number({
			required_error: VALIDATION_MESSAGES.invalidDuration,
			invalid_type_error: VALIDATION_MESSAGES.invalidDuration,
		})
		.refine((value): value is DurationMinutes => isAllowedDuration(value), VALIDATION_MESSAGES.invalidDuration)
		.default(DEFAULT_DURATION_MINUTES),
	status: z.enum(BOOKABLE_STATUSES, { errorMap: () => ({ message: VALIDATION_MESSAGES.invalidStatus }) }),
	date: localDateField(REQUIRED_FIELDS_MESSAGE),
	time: localTimeField(REQUIRED_FIELDS_MESSAGE),
	type: z.enum(APPOINTMENT_TYPES, { errorMap: () => ({ message: VALIDATION_MESSAGES.invalidType }) }).default(DEFAULT_APPOINTMENT_TYPE),
	notes: optionalText(APPOINTMENT_TEXT_LIMITS.notes, { multiline: true }),
	contactPhone: optionalPhone,
	contactEmail: optionalEmail,
	/** The browser's IANA zone, sent in a hidden field; the action falls back to the patient's stored zone. */
	timeZone: optionalTimeZone,
})

/**
 * The new / edit appointment form. The preprocess step only adds the
 * form-level required-fields message; it passes the input through unchanged,
 * so the field errors are reported at the same time.
 */
export const AppointmentFormSchema = z.preprocess((input, ctx) => {
	if (hasMissingRequiredField(input)) {
		ctx.addIssue({ code: z.ZodIssueCode.custom, path: [], message: REQUIRED_FIELDS_MESSAGE })
	}
	return input
}, appointmentFormFields)

export type AppointmentFormValue = z.output<typeof AppointmentFormSchema>

/** Initial values of the new-appointment form (spec: 30 minutes, Check-up). */
export const APPOINTMENT_FORM_DEFAULTS = {
	durationMinutes: String(DEFAULT_DURATION_MINUTES),
	status: 'confirmed',
	type: DEFAULT_APPOINTMENT_TYPE,
} as const

export const RescheduleFormSchema = z.object({
	date: localDateField(VALIDATION_MESSAGES.dateRequired),
	time: localTimeField(VALIDATION_MESSAGES.timeRequired),
	reason: optionalReason,
	timeZone: optionalTimeZone,
})

export type RescheduleFormValue = z.output<typeof RescheduleFormSchema>

export const CancelFormSchema = z.object({
	reason: optionalReason,
})

export type CancelFormValue = z.output<typeof CancelFormSchema>
