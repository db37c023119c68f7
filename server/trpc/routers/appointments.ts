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
} from '#server/appointments/index.ts'
import { protectedProcedure, router, trpcNotFound, unwrapResult } from '../init.ts'

const AppointmentId = z.object({ id: z.string().uuid() })

const textList = z
	.array(safeText({ max: TEXT_LIMITS.filterValue }))
	.max(50)
	.optional()
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
			timeZone: resolvePatientTimeZone(ctx.patient.user.timeZone),
			videoBaseUrl: getVideoBaseUrl(),
		}),
	),
	/** One appointment with its history (and the detail page's view of it). */
	get: protectedProcedure.input(AppointmentId).query(async ({ ctx, input }) => {
		const appointment = (await getAppointment(ctx.patient, input.id)) ?? trpcNotFound(APPOINTMENT_NOT_FOUND_MESSAGE)
		const view = toAppointmentDetailView(appointment, {
			now: new Date(),
			timeZone: resolvePatientTimeZone(ctx.patient.user.timeZone),
			videoBaseUrl: getVideoBaseUrl(),
		})
		return { appointment, view }
	}),
	create: protectedProcedure.input(AppointmentFormSchema).mutation(async ({ ctx, input }) => {
		await rememberPatientTimeZone(ctx.patient.user.id, input.timeZone)
		return unwrapResult(await createAppointment(ctx.patient, input, { fallbackTimeZone: resolvePatientTimeZone(ctx.patient.user.timeZone, input.timeZone) }))
	}),
	update: protectedProcedure
		.input(z.object({ id: z.string().uuid(), values: AppointmentFormSchema }))
		.mutation(async ({ ctx, input }) => unwrapResult(await updateAppointment(ctx.patient, input.id, input.values))),
	reschedule: protectedProcedure
		.input(z.object({ id: z.string().uuid(), values: RescheduleFormSchema }))
		.mutation(async ({ ctx, input }) => unwrapResult(await rescheduleAppointmentById(ctx.patient, input.id, input.values))),
	cancel: protectedProcedure
		.input(z.object({ id: z.string().uuid(), values: CancelFormSchema.optional() }))
		.mutation(async ({ ctx, input }) => unwrapResult(await cancelAppointmentById(ctx.patient, input.id, input.values ?? {}))),
	delete: protectedProcedure.input(AppointmentId).mutation(async ({ ctx, input }) => {
		unwrapResult(await deleteAppointment(ctx.patient, input.id))
		return { deleted: true }
	}),
})
