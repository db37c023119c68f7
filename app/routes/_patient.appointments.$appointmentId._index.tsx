import { parseWithZod } from '@conform-to/zod'
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react'
import { useState, type MouseEvent, type ReactNode } from 'react'
import { CancelReasonField } from '#app/components/appointments/cancel-reason-field.tsx'
import { ConfirmDialog, ConfirmPanel } from '#app/components/ui/confirm-dialog.tsx'
import { RescheduleLink } from '#app/components/appointments/reschedule-link.tsx'
import { AppointmentErrorBoundary } from '#app/components/appointments/appointment-error.tsx'
import { BackLink } from '#app/components/appointments/back-link.tsx'
import {
	CalendarIcon,
	ClockIcon,
	DownloadIcon,
	MailIcon,
	MapPinIcon,
	PencilIcon,
	PhoneIcon,
	TrashIcon,
	UserIcon,
	VideoIcon,
} from '#app/components/appointments/icons.tsx'
import { AppointmentStatusBadge } from '#app/components/appointments/status-badge.tsx'
import { Alert } from '#app/components/ui/alert.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { replyMessages } from '#app/lib/form-result.ts'
import { CancelFormSchema } from '#server/appointments/shared/appointment-form-schema.ts'
import {
	APPOINTMENT_NOT_FOUND,
	BACK_TO_APPOINTMENTS,
	CANCEL_REASON_LABEL,
	DELETE_DIALOG,
	DETAIL_CANCEL_DIALOG,
	DETAIL_LABELS,
	DETAIL_SECTION_LABELS,
	APPOINTMENT_CANCELLED_NOTICE,
	APPOINTMENT_DELETED_NOTICE,
	IMPORTED_APPOINTMENT_CONFIRMED_NOTICE,
	IMPORTED_APPOINTMENT_TEXTS,
} from '#server/appointments/shared/labels.ts'
import {
	cancelAppointmentById,
	confirmImportedAppointment,
	deleteAppointment,
	getAppointment,
	getVideoBaseUrl,
	resolvePatientTimeZone,
	toAppointmentDetailView,
} from '#server/appointments/index.ts'
import { requirePatient } from '#server/auth/index.ts'
import { formReply, notFound } from '#server/errors/index.ts'
import { redirectWithToast } from '#server/notices/index.ts'
import { buttonClassName } from '#app/components/ui/button.tsx'

export async function loader({ request, params }: LoaderFunctionArgs) {
	const patient = await requirePatient(request)
	const appointment = await getAppointment(patient, params.appointmentId ?? '')
	if (!appointment) notFound()
	const view = toAppointmentDetailView(appointment, {
		now: new Date(),
		timeZone: resolvePatientTimeZone(patient.user.timeZone),
		videoBaseUrl: getVideoBaseUrl(),
	})
	return { view, needsConfirmation: appointment.needsConfirmation === true && !view.isCancelled }
}

export async function action({ request, params }: ActionFunctionArgs) {
	const patient = await requirePatient(request)
	const appointmentId = params.appointmentId ?? ''
	const formData = await request.formData()
	const intent = formData.get('intent')
	if (intent === 'delete') {
		const deleted = await deleteAppointment(patient, appointmentId)
		if (!deleted.ok) notFound(deleted.message)
		throw await redirectWithToast(request, '/appointments', APPOINTMENT_DELETED_NOTICE)
	}
	if (intent === 'confirm-imported') {
		const confirmed = await confirmImportedAppointment(patient, appointmentId)
		if (!confirmed.ok) notFound(confirmed.message)
		throw await redirectWithToast(request, `/appointments/${appointmentId}`, IMPORTED_APPOINTMENT_CONFIRMED_NOTICE)
	}
	if (intent !== 'cancel') throw new Response('Bad Request', { status: 400 })
	const submission = parseWithZod(formData, { schema: CancelFormSchema })
	if (submission.status !== 'success') return formReply(submission)
	const result = await cancelAppointmentById(patient, appointmentId, submission.value)
	if (!result.ok) return formReply(submission, result, { notFoundText: result.message })
	throw await redirectWithToast(request, `/appointments/${appointmentId}`, APPOINTMENT_CANCELLED_NOTICE)
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.view.title ?? APPOINTMENT_NOT_FOUND.title} · Carebook` }]

const outlineButton = buttonClassName('secondary')
const iconButton = buttonClassName('secondary', undefined, 'icon')

function DetailRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
	return (
		<div className="flex gap-3">
			<div className="mt-0.5 text-slate-400">{icon}</div>
			<div className="min-w-0">
				<dt className="text-xs font-semibold tracking-wide text-slate-500 dark:text-slate-400 uppercase">{label}</dt>
				<dd className="mt-0.5 text-sm break-words text-slate-900 dark:text-slate-100">{children}</dd>
			</div>
		</div>
	)
}

type Confirmation = 'cancel' | 'delete'

const CONFIRMATION_TEXTS = { cancel: DETAIL_CANCEL_DIALOG, delete: DELETE_DIALOG } as const

export default function AppointmentDetailRoute() {
	const { view, needsConfirmation } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	const [searchParams] = useSearchParams()
	const [dialog, setDialog] = useState<Confirmation | null>(null)
	const submittingIntent = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null
	// Without JavaScript the confirmations are shown in the page (?confirm=cancel|delete).
	const requested = searchParams.get('confirm')
	const inlineConfirmation: Confirmation | null = requested === 'delete' || (requested === 'cancel' && view.canCancel) ? requested : null
	const openDialog = (which: Confirmation) => (event: MouseEvent) => {
		event.preventDefault()
		setDialog(which)
	}
	const cancelFields = <CancelReasonField id={`cancel-reason-${dialog ?? 'inline'}`} label={CANCEL_REASON_LABEL} />

	return (
		<div className="mx-auto max-w-3xl space-y-6">
			<BackLink fallback="/appointments" label={BACK_TO_APPOINTMENTS} />
			{replyMessages(actionData?.result).map((message) => (
				<Alert key={message}>{message}</Alert>
			))}
			{needsConfirmation ? (
				<Alert tone="warning" title={IMPORTED_APPOINTMENT_TEXTS.title}>
					<p>{IMPORTED_APPOINTMENT_TEXTS.description}</p>
					<Form method="post" className="mt-3">
						<input type="hidden" name="intent" value="confirm-imported" />
						<button type="submit" className={outlineButton} disabled={submittingIntent === 'confirm-imported'}>
							{IMPORTED_APPOINTMENT_TEXTS.confirm}
						</button>
					</Form>
				</Alert>
			) : null}
			<Card className="space-y-6">
				<div className="flex flex-wrap items-start justify-between gap-4">
					<div className="min-w-0">
						<div className="flex flex-wrap items-center gap-3">
							<h1 className="text-2xl font-bold tracking-tight">{view.title}</h1>
							<AppointmentStatusBadge badge={view.badge} />
						</div>
						<p className="mt-1 text-slate-600 dark:text-slate-300">
							{view.typeLabel} · {view.durationText}
						</p>
					</div>
					<div className="flex gap-2">
						{view.canEdit ? (
							<Link to={`/appointments/${view.id}/edit`} className={iconButton} aria-label={DETAIL_LABELS.edit} title={DETAIL_LABELS.edit}>
								<PencilIcon />
							</Link>
						) : null}
						<Link to="?confirm=delete" onClick={openDialog('delete')} className={iconButton} aria-label={DETAIL_LABELS.delete} title={DETAIL_LABELS.delete}>
							<TrashIcon />
						</Link>
					</div>
				</div>

				<dl className="grid gap-5 sm:grid-cols-2">
					<DetailRow icon={<CalendarIcon />} label={DETAIL_SECTION_LABELS.date}>
						{view.dateText}
					</DetailRow>
					<DetailRow icon={<ClockIcon />} label={DETAIL_SECTION_LABELS.time}>
						{view.timeText}
					</DetailRow>
					<DetailRow icon={<UserIcon />} label={DETAIL_SECTION_LABELS.doctor}>
						{view.provider}
						<span className="block text-slate-600 dark:text-slate-300">{view.specialty}</span>
					</DetailRow>
					<DetailRow icon={<MapPinIcon />} label={DETAIL_SECTION_LABELS.location}>
						{view.location ?? <span className="text-slate-500 dark:text-slate-400">{DETAIL_SECTION_LABELS.noLocation}</span>}
					</DetailRow>
					{view.contactPhone ? (
						<DetailRow icon={<PhoneIcon />} label={DETAIL_SECTION_LABELS.phone}>
							{view.telHref ? (
								<a href={view.telHref} className="text-brand-700 hover:underline dark:text-brand-100">
									{view.contactPhone}
								</a>
							) : (
								view.contactPhone
							)}
						</DetailRow>
					) : null}
					{view.contactEmail ? (
						<DetailRow icon={<MailIcon />} label={DETAIL_SECTION_LABELS.email}>
							{view.mailtoHref ? (
								<a href={view.mailtoHref} className="text-brand-700 hover:underline dark:text-brand-100">
									{view.contactEmail}
								</a>
							) : (
								view.contactEmail
							)}
						</DetailRow>
					) : null}
				</dl>

				<div>
					<h2 className="text-xs font-semibold tracking-wide text-slate-500 dark:text-slate-400 uppercase">{DETAIL_SECTION_LABELS.notes}</h2>
					<p className="mt-1 text-sm whitespace-pre-line">
						{view.notes ?? <span className="text-slate-500 dark:text-slate-400">{DETAIL_SECTION_LABELS.noNotes}</span>}
					</p>
				</div>

				{view.isCancelled && view.cancelReason ? (
					<Alert tone="warning" title={DETAIL_SECTION_LABELS.cancelReason}>
						{view.cancelReason}
					</Alert>
				) : null}

				<div className="flex flex-wrap gap-3 border-t border-slate-200 pt-5 dark:border-slate-700">
					{view.joinHref ? (
						<a
							href={view.joinHref}
							target="_blank"
							rel="noopener noreferrer"
							className="inline-flex items-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
						>
							<VideoIcon /> {DETAIL_LABELS.startVideoCall}
						</a>
					) : null}
					{view.canReschedule ? (
						<RescheduleLink appointmentId={view.id} className={outlineButton}>
							{DETAIL_LABELS.reschedule}
						</RescheduleLink>
					) : null}
					{view.canCancel ? (
						<Link to="?confirm=cancel" onClick={openDialog('cancel')} className={`${outlineButton} text-red-700 dark:text-red-300`}>
							{DETAIL_LABELS.cancelAppointment}
						</Link>
					) : null}
					<a href={`/api/appointments/${view.id}/ics`} download className={outlineButton}>
						<DownloadIcon /> {DETAIL_LABELS.downloadIcs}
					</a>
				</div>
			</Card>

			{inlineConfirmation ? (
				<ConfirmPanel
					title={CONFIRMATION_TEXTS[inlineConfirmation].title}
					description={CONFIRMATION_TEXTS[inlineConfirmation].message}
					confirmLabel={CONFIRMATION_TEXTS[inlineConfirmation].confirm}
					cancelLabel={CONFIRMATION_TEXTS[inlineConfirmation].dismiss}
					cancelHref={`/appointments/${view.id}`}
					action={`/appointments/${view.id}`}
					intent={inlineConfirmation}
					isPending={submittingIntent === inlineConfirmation}
				>
					{inlineConfirmation === 'cancel' ? <CancelReasonField id="cancel-reason-page" label={CANCEL_REASON_LABEL} /> : null}
				</ConfirmPanel>
			) : null}

			{view.history.length ? (
				<Card>
					<h2 className="text-lg font-semibold">{DETAIL_SECTION_LABELS.history}</h2>
					<ol className="mt-3 space-y-3" data-testid="appointment-history">
						{[...view.history].reverse().map((change) => (
							<li key={change.id} className="border-l-2 border-slate-200 pl-3 text-sm dark:border-slate-700">
								{change.kind === 'rescheduled' ? (
									<p>
										<span className="line-through decoration-slate-400">{change.previousText}</span> → {change.newText}
									</p>
								) : (
									<p>Cancelled (was {change.previousText})</p>
								)}
								<p className="text-xs text-slate-500 dark:text-slate-400">
									{change.kind === 'rescheduled' ? DETAIL_SECTION_LABELS.rescheduledOn : DETAIL_SECTION_LABELS.cancelledOn} {change.changedText}
									{change.reason ? ` · ${DETAIL_SECTION_LABELS.cancelReason}: ${change.reason}` : ''}
								</p>
							</li>
						))}
					</ol>
				</Card>
			) : null}

			<ConfirmDialog
				isOpen={dialog === 'cancel'}
				onClose={() => setDialog(null)}
				title={DETAIL_CANCEL_DIALOG.title}
				description={DETAIL_CANCEL_DIALOG.message}
				confirmLabel={DETAIL_CANCEL_DIALOG.confirm}
				cancelLabel={DETAIL_CANCEL_DIALOG.dismiss}
				isPending={submittingIntent === 'cancel'}
				renderForm={(content) => (
					<Form method="post" action={`/appointments/${view.id}`} onSubmit={() => setDialog(null)}>
						<input type="hidden" name="intent" value="cancel" />
						{content}
					</Form>
				)}
			>
				{cancelFields}
			</ConfirmDialog>
			<ConfirmDialog
				isOpen={dialog === 'delete'}
				onClose={() => setDialog(null)}
				title={DELETE_DIALOG.title}
				description={DELETE_DIALOG.message}
				confirmLabel={DELETE_DIALOG.confirm}
				cancelLabel={DELETE_DIALOG.dismiss}
				isPending={submittingIntent === 'delete'}
				renderForm={(content) => (
					<Form method="post" action={`/appointments/${view.id}`} onSubmit={() => setDialog(null)}>
						<input type="hidden" name="intent" value="delete" />
						{content}
					</Form>
				)}
			/>
		</div>
	)
}

export const ErrorBoundary = AppointmentErrorBoundary
