import { z } from 'zod'
import { LocalDateSchema } from '#server/time/shared/local-date-schema.ts'
import { safeText, TEXT_LIMITS } from '#server/validation/shared/text.ts'
import type { SignedInPatient } from '#server/auth/index.ts'
import {
	DEFAULT_PARAMETER_TREND_DAYS,
	DEFAULT_TIME_RANGE,
	DEFAULT_TREND_DAYS,
	MAX_TREND_DAYS,
	METRIC_IDS,
	TIME_RANGES,
	addManualReading,
	createHealthProfileSchema,
	deleteManualReading,
	getDashboard,
	getMetricCards,
	getMetricSeries,
	getParameterSeries,
	getParameterTrends,
	getPredictions,
	getRiskOverview,
	listManualReadings,
	listParameters,
	patientToday,
	saveHealthProfile,
	validateManualReading,
} from '#server/health/index.ts'
import { ExpectedTrpcError, protectedProcedure, router, unwrapResult } from '../init.ts'

type Context = { patient: SignedInPatient }

/** 'Today' in the patient's zone (users.time_zone, else UTC). */
function today(ctx: Context) {
	return patientToday(ctx.patient.user.timeZone)
}

const ParameterCode = safeText({ max: TEXT_LIMITS.code }).min(1)
const Days = (fallback: number) => z.number().int().min(1).max(MAX_TREND_DAYS).default(fallback)
const Range = z.enum(TIME_RANGES).default(DEFAULT_TIME_RANGE)

/** Health analytics procedures (spec 7.1 /health/*). */
export const healthRouter = router({
	/** spec 7.1 GET /health/parameters: the patient's parameters, oldest first (optionally one code, or since a date). */
	parameters: protectedProcedure.input(z.object({ code: ParameterCode.optional(), since: LocalDateSchema.optional() }).optional()).query(({ ctx, input }) =>
		listParameters(ctx.patient, {
			codes: input?.code ? [input.code] : undefined,
			since: input?.since,
			until: today(ctx),
		}),
	),
	/** spec 7.1 GET /health/trends?days=n (default 180): every parameter with readings in the window. */
	trends: protectedProcedure
		.input(z.object({ days: Days(DEFAULT_TREND_DAYS) }).default({}))
		.query(({ ctx, input }) => getParameterTrends(ctx.patient, { today: today(ctx), days: input.days })),
	/** spec 7.1 GET /health/parameters/{code}/trends?days=n (default 90). */
	parameterTrends: protectedProcedure
		.input(z.object({ code: ParameterCode, days: Days(DEFAULT_PARAMETER_TREND_DAYS) }))
		.query(({ ctx, input }) => getParameterSeries(ctx.patient, { code: input.code, today: today(ctx), days: input.days })),
	/** The four overview cards of /trends for a time range. */
	metricCards: protectedProcedure
		.input(z.object({ range: Range }).default({}))
		.query(({ ctx, input }) => getMetricCards(ctx.patient, { range: input.range, today: today(ctx) })),
	/** One metric over a time range, with its reference range and abnormal points. */
	metricSeries: protectedProcedure
		.input(z.object({ metric: z.enum(METRIC_IDS), range: Range }))
		.query(({ ctx, input }) => getMetricSeries(ctx.patient, { metricId: input.metric, range: input.range, today: today(ctx) })),
	predictions: protectedProcedure.query(({ ctx }) => getPredictions(ctx.patient, { today: today(ctx) })),
	/** Risk assessment, Health Score and the risk profile they used. */
	risk: protectedProcedure.query(({ ctx }) => getRiskOverview(ctx.patient, { today: today(ctx) })),
	dashboard: protectedProcedure.query(({ ctx }) => getDashboard(ctx.patient, { today: today(ctx), now: new Date() })),
	manualReadings: protectedProcedure.query(({ ctx }) => listManualReadings(ctx.patient)),
	/** Adds a manual reading; the input is checked with the same schema as the form (createManualReadingSchema). */
	addReading: protectedProcedure.input(z.record(z.unknown())).mutation(async ({ ctx, input }) => {
		const validation = validateManualReading(input, today(ctx))
		if (!validation.success) {
			const messages = Object.values(validation.fieldErrors).flat()
			throw new ExpectedTrpcError({ code: 'BAD_REQUEST', message: messages.join(' ') })
		}
		return addManualReading(ctx.patient, validation.reading)
	}),
	deleteReading: protectedProcedure.input(z.object({ id: z.string().uuid() })).mutation(async ({ ctx, input }) => {
		unwrapResult(await deleteManualReading(ctx.patient, input.id))
		return { deleted: true }
	}),
	/** Saves the risk profile; a birth date after the patient's today is refused. */
	saveProfile: protectedProcedure.input(createHealthProfileSchema({ today: '9999-12-31' })).mutation(({ ctx, input }) => {
		const checked = createHealthProfileSchema({ today: today(ctx) }).safeParse(input)
		if (!checked.success) {
			throw new ExpectedTrpcError({ code: 'BAD_REQUEST', message: checked.error.issues.map((issue) => issue.message).join(' ') })
		}
		return saveHealthProfile(ctx.patient, checked.data)
	}),
})
