/**
 * The REST API's operations (spec section 7.1, under /api/v1): each names
 * its method, path, request schemas and answer schema, and calls the same
 * domain function as the tRPC procedure of the same name.
 */
import type { ZodObject, ZodRawShape, ZodTypeAny } from 'zod'
import type { ApiCaller } from '#server/api/keys.ts'
import type { Patient } from '#server/auth/patient.ts'
import {
	BILLING_MESSAGES,
	cancelSubscription,
	changePlan,
	getOrganizationSubscription,
	getSubscriptionUsage,
	PLAN_IDS,
	type SubscriptionView,
} from '#server/billing/index.ts'
import {
	acceptUpload,
	deleteDocument,
	DOCUMENT_MESSAGES,
	getDocument,
	getDocumentsByIds,
	listDocuments,
	signDocumentLink,
	type DocumentSummary as DocumentRow,
} from '#server/documents/index.ts'
import { refuse, type Refusal } from '#server/errors/shared/result.ts'
import { getParameterSeries, getParameterTrends, listParameters, patientToday } from '#server/health/index.ts'
import { createShareLink, shareByEmail } from '#server/sharing/index.ts'
import * as S from './schemas.ts'
import { ACCEPTED_FORMATS_TEXT } from '#server/extraction/shared/file-formats.ts'

const { z } = S

export type ApiContext = { caller: ApiCaller; patient: Patient; request: Request; now: Date }
type Input = { params: Record<string, unknown>; query: Record<string, unknown>; body: unknown }
type Success = { ok: true; status: number; body: unknown }
export type Endpoint = {
	method: 'get' | 'post' | 'delete'
	path: `/${string}`
	operationId: string
	summary: string
	params?: ZodObject<ZodRawShape>
	query?: ZodObject<ZodRawShape>
	/** JSON body schema; `multipart` documents a form the handler reads itself (the upload). */
	body?: ZodTypeAny
	multipart?: ZodTypeAny
	success: { status: number; description: string; schema: ZodTypeAny }
	/** Statuses this operation may answer besides the ones every call may (401, 403, 429, 500). */
	errors: number[]
	handle: (context: ApiContext, input: Input) => Promise<Success | Refusal>
}

const ok = (body: unknown, status = 200): Success => ({ ok: true, status, body })
const documentNotFound = () => refuse('not-found', 'not_found', DOCUMENT_MESSAGES.notFoundTitle)

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

function toApiDocument(row: DocumentRow) {
	return {
		id: row.id,
		title: row.title,
		description: row.description,
		type: row.documentType,
		date: row.documentDate,
		provider: row.provider,
		tags: row.tags,
		summary: row.summary,
		status: row.status,
		failureMessage: row.failureMessage,
		fileName: row.fileName,
		fileKind: row.fileKind,
		sizeBytes: row.sizeBytes,
		uploadedAt: iso(row.uploadedAt)!,
		processedAt: iso(row.processedAt),
	}
}

function toApiSubscription(view: SubscriptionView) {
	return {
		id: view.id,
		plan: view.plan,
		planName: view.planName,
		status: view.status,
		amount: view.amountCents / 100,
		billingCycle: view.billingCycle,
		startDate: view.startDate,
		endDate: view.currentPeriodEnd,
		trialDaysRemaining: view.trialDaysRemaining,
		canceledAt: view.canceledAt,
		features: view.features,
	}
}

const LINK_LIFETIME_SECONDS = 300

export const ENDPOINTS: Endpoint[] = [
	{
		method: 'get',
		path: '/documents',
		operationId: 'listDocuments',
		summary: "The key owner's documents, newest first",
		success: { status: 200, description: 'The documents', schema: S.DocumentList },
		errors: [],
		handle: async ({ patient }) => ok({ documents: (await listDocuments(patient)).map(toApiDocument) }),
	},
	{
		method: 'post',
		path: '/documents/upload-and-process',
		operationId: 'uploadDocument',
		summary: `Upload one file (${ACCEPTED_FORMATS_TEXT}; 20 MB at most) and queue its processing`,
		multipart: S.UploadForm,
		success: { status: 201, description: 'Stored and queued for processing', schema: S.UploadAccepted },
		errors: [400, 413, 415, 507],
		handle: async ({ patient, request }) => {
			const outcome = await acceptUpload(patient, request)
			if (!outcome.ok) return outcome
			const [row] = await getDocumentsByIds(patient, [outcome.documentId])
			return ok({ data: toApiDocument(row!) }, 201)
		},
	},
	{
		method: 'get',
		path: '/documents/{id}',
		operationId: 'getDocument',
		summary: 'One document with its extracted text, lab values and medications',
		params: S.DocumentIdParams,
		success: { status: 200, description: 'The document', schema: S.DocumentDetail },
		errors: [400, 404],
		handle: async ({ patient }, { params }) => {
			const document = await getDocument(patient, String(params.id))
			if (!document) return documentNotFound()
			return ok({
				...toApiDocument(document),
				ocrData: { extractedText: document.extractedText },
				parameters: document.parameters.map((parameter) => ({
					code: parameter.code,
					name: parameter.name,
					value: parameter.value,
					valueText: parameter.valueText,
					unit: parameter.unit,
					referenceRangeMin: parameter.referenceRangeMin,
					referenceRangeMax: parameter.referenceRangeMax,
					status: parameter.status,
					testDate: parameter.testDate,
				})),
				medications: document.medications.map((medication) => ({
					name: medication.name,
					dose: medication.dose,
					frequency: medication.frequency,
					status: medication.status,
				})),
			})
		},
	},
	{
		method: 'get',
		path: '/documents/{id}/download',
		operationId: 'getDocumentDownloadLink',
		summary: 'A link to the file, valid for five minutes',
		params: S.DocumentIdParams,
		success: { status: 200, description: 'The signed link', schema: S.DownloadLink },
		errors: [400, 404],
		handle: async ({ patient, request }, { params }) => {
			const documentId = String(params.id)
			if (!(await getDocument(patient, documentId))) return documentNotFound()
			const url = new URL(signDocumentLink({ documentId, userId: patient.userId }), request.url).toString()
			return ok({ url, expiresInSeconds: LINK_LIFETIME_SECONDS })
		},
	},
	{
		method: 'post',
		path: '/documents/share',
		operationId: 'shareDocument',
		summary: 'Make a share link to one document, optionally e-mailed to a recipient, with an expiry and an optional passcode',
		body: S.ShareRequest,
		success: { status: 201, description: 'The link, shown this once', schema: S.ShareCreated },
		errors: [400],
		handle: async ({ caller, patient, request, now }, { body }) => {
			const input = body as S.ShareRequestInput
			const link = { documentIds: [input.documentId], expiry: input.expiresAt, passcode: input.passcode }
			const created = input.recipientEmail
				? await shareByEmail({ ...patient, user: caller.user }, { ...link, recipientEmail: input.recipientEmail }, request, now)
				: await createShareLink(patient, link, request, now)
			if (!created.ok) return created
			return ok(
				{
					shareId: created.shareId,
					url: created.url,
					recipientEmail: input.recipientEmail ?? null,
					emailSent: 'emailSent' in created && created.emailSent,
					expiresAt: iso(created.expiresAt),
				},
				201,
			)
		},
	},
	{
		method: 'delete',
		path: '/documents/{id}',
		operationId: 'deleteDocument',
		summary: 'Delete a document with its file, text and values',
		params: S.DocumentIdParams,
		success: { status: 200, description: 'Deleted', schema: S.Deleted },
		errors: [400, 404],
		handle: async ({ patient }, { params }) => {
			const result = await deleteDocument(patient, String(params.id))
			return result.ok ? ok({ deleted: true }) : result
		},
	},
	{
		method: 'get',
		path: '/auth/profile',
		operationId: 'getProfile',
		summary: "The key owner's profile",
		success: { status: 200, description: 'The profile', schema: S.Profile },
		errors: [],
		handle: async ({ caller }) =>
			ok({ id: caller.user.id, name: caller.user.name, email: caller.user.email, phone: caller.user.phone, role: caller.user.role }),
	},
	{
		method: 'get',
		path: '/health/parameters',
		operationId: 'listHealthParameters',
		summary: 'Every health parameter, oldest first',
		success: { status: 200, description: 'The parameters', schema: S.HealthParameterList },
		errors: [],
		handle: async ({ patient, caller }) => {
			const rows = await listParameters(patient, { until: patientToday(caller.user.timeZone) })
			return ok({
				parameters: rows.map((row) => ({
					id: row.id,
					code: row.code,
					parameter_name: row.name,
					parameter_value: row.value,
					unit: row.unit,
					reference_range_min: row.referenceRangeMin,
					reference_range_max: row.referenceRangeMax,
					test_date: row.testDate,
					status: row.status,
					source: row.source,
					documentId: row.documentId,
				})),
			})
		},
	},
	{
		method: 'get',
		path: '/health/trends',
		operationId: 'getHealthTrends',
		summary: 'Every parameter with readings in the last `days` days (default 180)',
		query: S.TrendsQuery,
		success: { status: 200, description: 'The trends', schema: S.Trends },
		errors: [400],
		handle: async ({ patient, caller }, { query }) => {
			const days = Number(query.days)
			return ok({ days, trends: await getParameterTrends(patient, { today: patientToday(caller.user.timeZone), days }) })
		},
	},
	{
		method: 'get',
		path: '/health/parameters/{code}/trends',
		operationId: 'getParameterTrends',
		summary: 'One parameter over the last `days` days (default 90)',
		params: S.ParameterCodeParams,
		query: S.ParameterTrendsQuery,
		success: { status: 200, description: 'The series', schema: S.ParameterSeries },
		errors: [400],
		handle: async ({ patient, caller }, { params, query }) =>
			ok(await getParameterSeries(patient, { code: String(params.code), today: patientToday(caller.user.timeZone), days: Number(query.days) })),
	},
	{
		method: 'get',
		path: '/subscriptions',
		operationId: 'getSubscription',
		summary: "The organization's subscription",
		success: { status: 200, description: 'The subscription', schema: S.Subscription },
		errors: [404],
		handle: async ({ patient, now }) => {
			const view = await getOrganizationSubscription(patient.organizationId, now)
			return view ? ok(toApiSubscription(view)) : refuse('not-found', 'not_found', BILLING_MESSAGES.noSubscription)
		},
	},
	{
		method: 'get',
		path: '/subscriptions/usage',
		operationId: 'getSubscriptionUsage',
		summary: 'Storage, documents processed and API calls in the current period',
		success: { status: 200, description: 'The usage', schema: S.Usage },
		errors: [404],
		handle: async ({ patient }) => {
			const usage = await getSubscriptionUsage(patient.organizationId)
			if (!usage) return refuse('not-found', 'not_found', BILLING_MESSAGES.noSubscription)
			return ok({
				periodStart: usage.periodStart,
				periodEnd: usage.periodEnd,
				usage: { storage: usage.storage.usedMb, documentsProcessed: usage.documentsProcessed, apiCalls: usage.apiCalls },
				limits: { storage: { used: usage.storage.usedMb, limit: usage.storage.limitMb, percentage: usage.storage.percentage } },
			})
		},
	},
	{
		method: 'post',
		path: '/subscriptions/upgrade',
		operationId: 'changePlan',
		summary: "Move to another plan (the organization's admin only; a downgrade over the new limits is refused)",
		body: z.object({ plan: z.enum(PLAN_IDS), paymentMethod: z.enum(['credit_card', 'bank_transfer']).optional() }).openapi('PlanChange'),
		success: { status: 200, description: 'The changed subscription', schema: S.Subscription },
		errors: [400, 409],
		handle: async ({ patient, now }, { body }) => {
			const input = body as { plan: (typeof PLAN_IDS)[number]; paymentMethod?: 'credit_card' | 'bank_transfer' }
			const result = await changePlan(patient, input.plan, { now, paymentMethod: input.paymentMethod })
			return result.ok ? ok(toApiSubscription(result.subscription)) : result
		},
	},
	{
		method: 'post',
		path: '/subscriptions/cancel',
		operationId: 'cancelSubscription',
		summary: "Cancel at the end of the current period (the organization's admin only)",
		success: {
			status: 200,
			description: 'Canceled',
			schema: z.object({ message: z.string(), effectiveUntil: z.string().datetime({ offset: true }) }).openapi('Cancellation'),
		},
		errors: [409],
		handle: async ({ patient, now }) => {
			const result = await cancelSubscription(patient, { now })
			return result.ok ? ok({ message: result.message, effectiveUntil: result.effectiveUntil }) : result
		},
	},
]
