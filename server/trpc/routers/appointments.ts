import { z } from 'zod'
import { safeText, TEXT_LIMITS } from '#server/validation/shared/text.ts'
import {
	AppointmentFormSchema,
	APPOINTMENT_NOT_FOUND_MESSAGE,
	cancelAppointmentById,
	CancelFormSchema,
	createAppointment,
	deleteAppointment,
	getAppointment,
	getVideoBaseUrl,
	loadAppointmentListPage,
	rememberPatientTimeZone,
	rescheduleAppointmentById,
	RescheduleFormSchema,
	resolvePatientTimeZone,
	toAppointmentDetailView,
	updateAppointment,
	type AppointmentWriteResult,
} from '#server/appointments/index.ts'
import type { PatientContext } from '#server/auth/index.ts'
import { ExpectedTrpcError, protectedProcedure, router } from '../init.ts'

type Context = { session: PatientContext; clientIp: string }

function patientTimeZone(ctx: Context): string {
	return resolvePatientTimeZone(ctx.session.user.timeZone)
}

function notFound(): never {
	throw new ExpectedTrpcError({ code: 'NOT_FOUND', message: APPOINTMENT_NOT_FOUND_MESSAGE })
}

/** The stored appointment, or the refusal as an error with the rule's message. */
function written(result: AppointmentWriteResult) {
	if (result.ok) return { appointment: result.appointment, timeResolution: result.timeResolution }
	if (result.code === 'not-found') notFound()
	throw new ExpectedTrpcError({ code: 'BAD_REQUEST', message: result.message, cause: { code: result.code, field: result.field } })
}

const AppointmentId = z.object({ id: z.string().uuid() })

const textList = z.array(safeText({ max: TEXT_LIMITS.filterValue })).max(50).optional()
const localDate = safeText({ max: 10 }).optional()

/** The list screen's URL parameters, as an object. */
const ListInput = z
	.object({
		tab: z.enum(['upcoming', 'today', 'past']).optional(),
		date: localDate,
		q: safeText({ max: TEXT_LIMITS.search }).optional(),
		from: localDate,
		to: localDate,
		status: textList,
		doctor: textList,
		specialty: textList,
		show: z.number().int().positive().max(5_000).optional(),
	})
	.optional()

function listSearchParams(input: z.infer<typeof ListInput>): URLSearchParams {
	const params = new URLSearchParams()
	for (const [name, value] of Object.entries(input ?? {})) {
		if (Array.isArray(value)) for (const item of value) params.append(name, item)
		else if (value !== undefined) params.set(name, String(value))
	}
	return params
}

/** Appointment procedures: the same domain functions as the pages' loaders and actions. */
export const appointmentsRouter = router({
	/** The /appointments screen's tab, day groups, filters and cards, in the patient's zone. */
	list: protectedProcedure.input(ListInput).query(({ ctx, input }) =>
		loadAppointmentListPage(ctx.patient, {
			searchParams: listSearchParams(input),
			now: new Date(),
			timeZone: patientTimeZone(ctx),
			videoBaseUrl: getVideoBaseUrl(),
		}),
	),
	/** One appointment with its history (and the detail page's view of it). */
	get: protectedProcedure.input(AppointmentId).query(async ({ ctx, input }) => {
		const appointment = (await getAppointment(ctx.patient, input.id)) ?? notFound()
		const view = toAppointmentDetailView(appointment, { now: new Date(), timeZone: patientTimeZone(ctx), videoBaseUrl: getVideoBaseUrl() })
		return { appointment, view }
	}),
	create: protectedProcedure.input(AppointmentFormSchema).mutation(async ({ ctx, input }) => {
		await rememberPatientTimeZone(ctx.session.user.id, input.timeZone)
		return written(await createAppointment(ctx.patient, input, { fallbackTimeZone: resolvePatientTimeZone(ctx.session.user.timeZone, input.timeZone) }))
	}),
	update: protectedProcedure
		.input(z.object({ id: z.string().uuid(), values: AppointmentFormSchema }))
		.mutation(async ({ ctx, input }) => written(await updateAppointment(ctx.patient, input.id, input.values))),
	reschedule: protectedProcedure
		.input(z.object({ id: z.string().uuid(), values: RescheduleFormSchema }))
		.mutation(async ({ ctx, input }) => written(await rescheduleAppointmentById(ctx.patient, input.id, input.values))),
	cancel: protectedProcedure
		.input(z.object({ id: z.string().uuid(), values: CancelFormSchema.optional() }))
		.mutation(async ({ ctx, input }) => written(await cancelAppointmentById(ctx.patient, input.id, input.values ?? {}))),
	delete: protectedProcedure.input(AppointmentId).mutation(async ({ ctx, input }) => {
		if (!(await deleteAppointment(ctx.patient, input.id))) notFound()
		return { deleted: true }
	}),
})
