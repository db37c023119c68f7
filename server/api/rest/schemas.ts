/**
 * The REST API's request and response shapes (spec section 7.1). The same
 * schemas validate each request (endpoints.ts) and make the OpenAPI 3.1
 * document (openapi.ts); the contract test checks answers against them.
 */
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi'
import { z } from 'zod'
import { DEFAULT_PARAMETER_TREND_DAYS, DEFAULT_TREND_DAYS, MAX_TREND_DAYS } from '#server/health/index.ts'
import { DEFAULT_SHARE_EXPIRY, SHARE_EXPIRY_OPTIONS } from '#server/sharing/shared/expiry.ts'
import { SHARE_MESSAGES } from '#server/sharing/shared/messages.ts'
import { PASSCODE_MAX_LENGTH, PASSCODE_MIN_LENGTH } from '#server/sharing/shared/share-form-schema.ts'
import { safeText, TEXT_LIMITS } from '#server/validation/shared/text.ts'
import { LocalDateSchema } from '#server/time/shared/local-date-schema.ts'
import { ACCEPTED_FORMATS_TEXT } from '#server/extraction/shared/file-formats.ts'

extendZodWithOpenApi(z)

export { z }

/**
 * A value of a list, or null. Written as a union: the generator renders
 * `z.enum().nullable()` as `type: [string, null]` with an `enum` lacking
 * null, which refuses null (the contract test caught it).
 */
function nullableEnum<const T extends [string, ...string[]]>(values: T) {
	return z.union([z.enum(values), z.null()])
}

const Instant = z.string().datetime({ offset: true }).openapi({ example: '2026-11-25T09:30:00.000Z' })
const LocalDate = LocalDateSchema.openapi({ example: '2026-11-20' })

export const ErrorBody = z
	.object({
		error: z.object({
			code: z.enum([
				'unauthorized',
				'plan_required',
				'forbidden',
				'not_found',
				'invalid_request',
				'method_not_allowed',
				'payload_too_large',
				'unsupported_media_type',
				'conflict',
				'rate_limited',
				'server_error',
				'service_unavailable',
				'insufficient_storage',
			]),
			message: z.string(),
		}),
	})
	.openapi('Error')

export const DocumentIdParams = z.object({
	id: z
		.string()
		.uuid()
		.openapi({ param: { name: 'id', in: 'path' }, example: '3f1c1d0e-8f0a-4a4b-9d44-1b2f3c4d5e6f' }),
})

export const DocumentSummary = z
	.object({
		id: z.string().uuid(),
		title: z.string(),
		description: z.string().nullable(),
		type: z.enum(['lab_report', 'imaging', 'clinical_notes', 'immunization', 'other']),
		date: LocalDate.nullable(),
		provider: z.string().nullable(),
		tags: z.array(z.string()),
		summary: z.string().nullable(),
		status: z.enum(['queued', 'processing', 'processed', 'failed']),
		failureMessage: z.string().nullable(),
		fileName: z.string(),
		fileKind: z.enum(['pdf', 'jpeg', 'png', 'webp', 'heic', 'dicom', 'ccda', 'fhir']),
		sizeBytes: z.number().int(),
		uploadedAt: Instant,
		processedAt: Instant.nullable(),
	})
	.openapi('DocumentSummary')

export const DocumentList = z.object({ documents: z.array(DocumentSummary) }).openapi('DocumentList')

export const LabValue = z
	.object({
		code: z.string(),
		name: z.string(),
		value: z.number(),
		valueText: z.string(),
		unit: z.string().nullable(),
		referenceRangeMin: z.number().nullable(),
		referenceRangeMax: z.number().nullable(),
		status: nullableEnum(['normal', 'low', 'high', 'critical']),
		testDate: LocalDate,
	})
	.openapi('LabValue')

export const DocumentDetail = DocumentSummary.extend({
	ocrData: z.object({ extractedText: z.string().nullable() }),
	parameters: z.array(LabValue),
	medications: z.array(
		z.object({ name: z.string(), dose: z.string().nullable(), frequency: z.string().nullable(), status: z.enum(['active', 'discontinued']) }),
	),
}).openapi('DocumentDetail')

export const DownloadLink = z.object({ url: z.string().url(), expiresInSeconds: z.number().int() }).openapi('DownloadLink')

export const UploadForm = z
	.object({
		file: z.string().openapi({ type: 'string', format: 'binary', description: `${ACCEPTED_FORMATS_TEXT}, at most 20 MB; typed by its content` }),
		documentType: safeText({ max: TEXT_LIMITS.uploadField }).optional(),
		title: safeText({ max: TEXT_LIMITS.uploadField }).optional(),
	})
	.openapi('UploadForm')

export const UploadAccepted = z.object({ data: DocumentSummary }).openapi('UploadAccepted')

/** POST /documents/share (spec 7.1: documentId, recipientEmail, expiresAt): the share form's rules, one document. */
export const ShareRequest = z
	.object({
		documentId: z.string().uuid().openapi({ example: '3f1c1d0e-8f0a-4a4b-9d44-1b2f3c4d5e6f' }),
		recipientEmail: safeText({ max: TEXT_LIMITS.email })
			.trim()
			.email('Enter a valid email address.')
			.nullable()
			.optional()
			.openapi({ description: 'Sends the link to this address; without it, the link is only returned', example: 'dr.lee@clinic.example' }),
		expiresAt: z
			.enum(SHARE_EXPIRY_OPTIONS)
			.default(DEFAULT_SHARE_EXPIRY)
			.openapi({ description: `How long the link works: ${SHARE_EXPIRY_OPTIONS.join(', ')} (default ${DEFAULT_SHARE_EXPIRY})` }),
		passcode: safeText({ max: PASSCODE_MAX_LENGTH })
			.min(PASSCODE_MIN_LENGTH, SHARE_MESSAGES.passcodeTooShort(PASSCODE_MIN_LENGTH))
			.optional()
			.openapi({ description: 'The recipient must enter it to open the link; it is never sent with the link' }),
	})
	.openapi('ShareRequest')
export type ShareRequestInput = z.infer<typeof ShareRequest>

export const ShareCreated = z
	.object({
		shareId: z.string().uuid(),
		url: z.string().url().openapi({ description: 'The share link, shown this once (only its hash is stored)' }),
		recipientEmail: z.string().nullable(),
		emailSent: z.boolean().openapi({
			description: 'Whether the link was e-mailed to recipientEmail (false without a recipient, or when the server has no e-mail relay: send the url yourself)',
		}),
		expiresAt: Instant.nullable(),
	})
	.openapi('ShareCreated')

export const Deleted = z.object({ deleted: z.literal(true) }).openapi('Deleted')

export const Profile = z
	.object({ id: z.string().uuid(), name: z.string(), email: z.string(), phone: z.string().nullable(), role: z.enum(['patient', 'admin', 'superadmin']) })
	.openapi('Profile')

export const HealthParameter = z
	.object({
		id: z.string().uuid(),
		code: z.string(),
		parameter_name: z.string(),
		parameter_value: z.number(),
		unit: z.string().nullable(),
		reference_range_min: z.number().nullable(),
		reference_range_max: z.number().nullable(),
		test_date: LocalDate,
		status: nullableEnum(['normal', 'low', 'high', 'critical']),
		source: z.enum(['document', 'manual']),
		documentId: z.string().uuid().nullable(),
	})
	.openapi('HealthParameter')

export const HealthParameterList = z.object({ parameters: z.array(HealthParameter) }).openapi('HealthParameterList')

export const TrendsQuery = z.object({
	days: z.coerce
		.number()
		.int()
		.min(1)
		.max(MAX_TREND_DAYS)
		.default(DEFAULT_TREND_DAYS)
		.openapi({ param: { name: 'days', in: 'query' }, example: DEFAULT_TREND_DAYS }),
})
export const ParameterTrendsQuery = z.object({
	days: z.coerce
		.number()
		.int()
		.min(1)
		.max(MAX_TREND_DAYS)
		.default(DEFAULT_PARAMETER_TREND_DAYS)
		.openapi({ param: { name: 'days', in: 'query' }, example: DEFAULT_PARAMETER_TREND_DAYS }),
})
export const ParameterCodeParams = z.object({
	code: safeText({ max: TEXT_LIMITS.code })
		.min(1)
		.openapi({ param: { name: 'code', in: 'path' }, example: 'glucose' }),
})

const ReferenceRange = z.object({ min: z.number().nullable(), max: z.number().nullable() })
export const ParameterSeries = z
	.object({
		code: z.string(),
		name: z.string(),
		unit: z.string().nullable(),
		startDate: LocalDate,
		endDate: LocalDate,
		referenceRange: ReferenceRange.nullable(),
		abnormalCount: z.number().int(),
		points: z.array(
			z.object({
				date: LocalDate,
				value: z.number(),
				diastolic: z.number().nullable(),
				isAbnormal: z.boolean(),
				flag: nullableEnum(['low', 'high', 'critical']),
				isDerived: z.boolean(),
			}),
		),
	})
	.openapi('ParameterSeries')

export const Trends = z.object({ days: z.number().int(), trends: z.array(ParameterSeries) }).openapi('Trends')

export const Subscription = z
	.object({
		id: z.string().uuid(),
		plan: z.enum(['basic', 'professional', 'enterprise']),
		planName: z.string(),
		status: z.enum(['active', 'trialing', 'canceled', 'past_due']),
		amount: z.number(),
		billingCycle: z.enum(['monthly', 'yearly']),
		startDate: Instant,
		endDate: Instant.nullable(),
		trialDaysRemaining: z.number().int().nullable(),
		canceledAt: Instant.nullable(),
		features: z.object({ apiAccess: z.boolean(), ocrPriority: z.enum(['standard', 'high', 'premium']), maxUsers: z.number().int() }),
	})
	.openapi('Subscription')

export const Usage = z
	.object({
		periodStart: Instant,
		periodEnd: Instant.nullable(),
		usage: z.object({ storage: z.number(), documentsProcessed: z.number().int(), apiCalls: z.number().int() }),
		limits: z.object({ storage: z.object({ used: z.number(), limit: z.number(), percentage: z.number() }) }),
	})
	.openapi('Usage')
