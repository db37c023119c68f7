import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { Form, Link } from '@remix-run/react'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button, buttonClassName } from '#app/components/ui/button.tsx'
import { Field } from '#app/components/ui/field.tsx'
import { EARLIEST_START_DATE, MEDICATION_TEXT_LIMITS, MedicationFormSchema } from '#server/medications/shared/medication.ts'

/** Add / edit a medication (Conform + Zod: checked as the patient types and again by the action; works without JavaScript). */
export function MedicationForm({
	id,
	lastResult,
	defaultValue,
	submitLabel,
	cancelHref,
	isSubmitting,
}: {
	id: string
	lastResult?: SubmissionResult<string[]> | null
	defaultValue?: { name: string; dose: string | null; frequency: string | null; startDate: string | null }
	submitLabel: string
	cancelHref: string
	isSubmitting: boolean
}) {
	const [form, fields] = useForm({
		id,
		lastResult,
		defaultValue: {
			name: defaultValue?.name ?? '',
			dose: defaultValue?.dose ?? '',
			frequency: defaultValue?.frequency ?? '',
			startDate: defaultValue?.startDate ?? '',
		},
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
		onValidate: ({ formData }) => parseWithZod(formData, { schema: MedicationFormSchema }),
	})
	const formError = form.errors?.[0]
	return (
		<Form method="post" className="space-y-6" {...getFormProps(form)}>
			{formError ? <Alert id={form.errorId}>{formError}</Alert> : null}
			<fieldset disabled={isSubmitting} className="grid gap-5 sm:grid-cols-2">
				<Field
					className="sm:col-span-2"
					label="Name"
					errors={fields.name.errors}
					inputProps={{ ...getInputProps(fields.name, { type: 'text' }), maxLength: MEDICATION_TEXT_LIMITS.name, placeholder: 'Metformin' }}
				/>
				<Field
					label="Dose (optional)"
					errors={fields.dose.errors}
					inputProps={{ ...getInputProps(fields.dose, { type: 'text' }), maxLength: MEDICATION_TEXT_LIMITS.dose, placeholder: '500 mg' }}
				/>
				<Field
					label="Frequency (optional)"
					errors={fields.frequency.errors}
					inputProps={{ ...getInputProps(fields.frequency, { type: 'text' }), maxLength: MEDICATION_TEXT_LIMITS.frequency, placeholder: 'twice daily' }}
				/>
				<Field
					label="Start date (optional)"
					errors={fields.startDate.errors}
					inputProps={{ ...getInputProps(fields.startDate, { type: 'date' }), min: EARLIEST_START_DATE }}
				/>
			</fieldset>
			<div className="flex justify-end gap-3">
				<Link to={cancelHref} className={buttonClassName('secondary')}>
					Cancel
				</Link>
				<Button type="submit" isPending={isSubmitting}>
					{submitLabel}
				</Button>
			</div>
		</Form>
	)
}
