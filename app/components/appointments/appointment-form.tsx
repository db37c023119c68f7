import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { Form, Link } from '@remix-run/react'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button, buttonClassName } from '#app/components/ui/button.tsx'
import { EARLIEST_APPOINTMENT_DATE } from '#server/appointments/shared/appointment.ts'
import { APPOINTMENT_TEXT_LIMITS, AppointmentFormSchema } from '#server/appointments/shared/appointment-form-schema.ts'
import { APPOINTMENT_TYPE_OPTIONS, BOOKABLE_STATUS_OPTIONS, DURATION_OPTIONS, FORM_LABELS, TIME_ZONE_HINT } from '#server/appointments/shared/labels.ts'
import { FormControl } from './form-controls.tsx'
import { useBrowserTimeZone } from './time-zone.tsx'

/**
 * The new / edit appointment form (spec 2.9 and 5). Conform + Zod with the
 * shared schema: checked in the browser as the patient types and again by
 * the action, so it also works without JavaScript. The local date and time
 * are read in the hidden `timeZone`: the zone the edit form's values were
 * written in, or (new form, no zone stored yet) the browser's.
 */
export function AppointmentForm({
	id,
	lastResult,
	defaultValue,
	timeZone,
	submitLabel,
	cancelHref,
	isSubmitting,
}: {
	id: string
	lastResult?: SubmissionResult<string[]> | null
	defaultValue: Record<string, string>
	/** The zone of the date and time fields; null: use the browser's. */
	timeZone: string | null
	submitLabel: string
	cancelHref: string
	isSubmitting: boolean
}) {
	const browserTimeZone = useBrowserTimeZone()
	const effectiveTimeZone = timeZone ?? browserTimeZone
	const [form, fields] = useForm({
		id,
		lastResult,
		defaultValue: { ...defaultValue, timeZone: timeZone ?? '' },
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
		onValidate: ({ formData }) => parseWithZod(formData, { schema: AppointmentFormSchema }),
	})
	const formError = form.errors?.[0]
	const { key: timeZoneKey, defaultValue: _defaultTimeZone, ...timeZoneProps } = getInputProps(fields.timeZone, { type: 'hidden' })
	return (
		<Form method="post" className="space-y-6" {...getFormProps(form)}>
			{formError ? <Alert id={form.errorId}>{formError}</Alert> : null}
			<input key={timeZoneKey} {...timeZoneProps} value={effectiveTimeZone ?? ''} readOnly />
			<fieldset disabled={isSubmitting} className="grid gap-5 sm:grid-cols-2">
				<FormControl
					className="sm:col-span-2"
					label={FORM_LABELS.title}
					id={fields.title.id}
					errors={fields.title.errors}
					control={{
						kind: 'input',
						props: { ...getInputProps(fields.title, { type: 'text' }), maxLength: APPOINTMENT_TEXT_LIMITS.title, placeholder: 'Annual check-up' },
					}}
				/>
				<FormControl
					label={FORM_LABELS.provider}
					id={fields.provider.id}
					errors={fields.provider.errors}
					control={{
						kind: 'input',
						props: { ...getInputProps(fields.provider, { type: 'text' }), maxLength: APPOINTMENT_TEXT_LIMITS.provider, placeholder: 'Dr. Jane Smith' },
					}}
				/>
				<FormControl
					label={FORM_LABELS.location}
					isOptional
					id={fields.location.id}
					errors={fields.location.errors}
					control={{ kind: 'input', props: { ...getInputProps(fields.location, { type: 'text' }), maxLength: APPOINTMENT_TEXT_LIMITS.location } }}
				/>
				<FormControl
					label={FORM_LABELS.specialty}
					id={fields.specialty.id}
					errors={fields.specialty.errors}
					control={{
						kind: 'input',
						props: { ...getInputProps(fields.specialty, { type: 'text' }), maxLength: APPOINTMENT_TEXT_LIMITS.specialty, placeholder: 'Cardiology' },
					}}
				/>
				<FormControl
					label={FORM_LABELS.durationMinutes}
					id={fields.durationMinutes.id}
					errors={fields.durationMinutes.errors}
					control={{ kind: 'select', props: getSelectProps(fields.durationMinutes), options: DURATION_OPTIONS }}
				/>
				<FormControl
					label={FORM_LABELS.status}
					id={fields.status.id}
					errors={fields.status.errors}
					control={{ kind: 'select', props: getSelectProps(fields.status), options: BOOKABLE_STATUS_OPTIONS }}
				/>
				<FormControl
					label={FORM_LABELS.date}
					id={fields.date.id}
					errors={fields.date.errors}
					control={{ kind: 'input', props: { ...getInputProps(fields.date, { type: 'date' }), min: EARLIEST_APPOINTMENT_DATE } }}
				/>
				<FormControl
					label={FORM_LABELS.time}
					id={fields.time.id}
					errors={fields.time.errors}
					hint={effectiveTimeZone ? TIME_ZONE_HINT(effectiveTimeZone) : null}
					control={{ kind: 'input', props: getInputProps(fields.time, { type: 'time' }) }}
				/>
				<FormControl
					className="sm:col-span-2"
					label={FORM_LABELS.type}
					id={fields.type.id}
					errors={fields.type.errors}
					control={{ kind: 'select', props: getSelectProps(fields.type), options: APPOINTMENT_TYPE_OPTIONS }}
				/>
				<FormControl
					className="sm:col-span-2"
					label={FORM_LABELS.notes}
					isOptional
					id={fields.notes.id}
					errors={fields.notes.errors}
					control={{ kind: 'textarea', props: { ...getTextareaProps(fields.notes), rows: 4, maxLength: APPOINTMENT_TEXT_LIMITS.notes } }}
				/>
				<FormControl
					label={FORM_LABELS.contactPhone}
					isOptional
					id={fields.contactPhone.id}
					errors={fields.contactPhone.errors}
					control={{
						kind: 'input',
						props: { ...getInputProps(fields.contactPhone, { type: 'tel' }), autoComplete: 'off', maxLength: APPOINTMENT_TEXT_LIMITS.contactPhone },
					}}
				/>
				<FormControl
					label={FORM_LABELS.contactEmail}
					isOptional
					id={fields.contactEmail.id}
					errors={fields.contactEmail.errors}
					control={{
						kind: 'input',
						props: { ...getInputProps(fields.contactEmail, { type: 'email' }), autoComplete: 'off', maxLength: APPOINTMENT_TEXT_LIMITS.contactEmail },
					}}
				/>
			</fieldset>
			<div className="flex flex-wrap justify-end gap-3">
				<Link to={cancelHref} className={buttonClassName('secondary')}>
					{FORM_LABELS.cancel}
				</Link>
				<Button type="submit" isPending={isSubmitting}>
					{submitLabel}
				</Button>
			</div>
		</Form>
	)
}
