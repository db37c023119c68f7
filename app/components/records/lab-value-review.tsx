import { getFormProps, getInputProps, getSelectProps, useForm, type FieldMetadata, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { Form, Link, useNavigation } from '@remix-run/react'
import { Alert } from '#app/components/ui/alert.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button, buttonClassName } from '#app/components/ui/button.tsx'
import { Field } from '#app/components/ui/field.tsx'
import { SelectField } from '#app/components/ui/select-field.tsx'
import { VALUE_REVIEW_TEXTS, ValueReviewSchema, type ValueReviewIntent } from '#server/health/shared/value-review.ts'

/**
 * The patient's review of a document's lab values (issue 27 point 4): the
 * state of a value under its name, and the forms that confirm, correct,
 * remove and add one. Plain forms posting an `intent`: they work without
 * JavaScript; with it, Conform validates before sending.
 */

export type ReviewedValue = {
	id: string
	valueText: string
	unit: string | null
	referenceRangeText: string | null
	reviewStatus?: string | null
	reviewReason?: string | null
	originalValueText?: string | null
	originalUnit?: string | null
	originalReferenceRangeText?: string | null
}

export type ValueReviewState = {
	/** the page's own address (the edit link adds ?edit=id to it) */
	path: string
	/** the value whose correction form is open (?edit=id) */
	editingId: string | null
	lastResult?: SubmissionResult<string[]> | null
	analytes: { code: string; name: string }[]
}

/** Which of the page's forms the action's answer belongs to. */
function resultFor(state: ValueReviewState, intent: ValueReviewIntent, parameterId?: string) {
	const initial = state.lastResult?.initialValue as Record<string, unknown> | undefined
	if (!initial || initial.intent !== intent) return undefined
	if (parameterId && initial.parameterId !== parameterId) return undefined
	return state.lastResult ?? undefined
}

function isSubmitting(navigation: ReturnType<typeof useNavigation>, intent: ValueReviewIntent, parameterId?: string) {
	const data = navigation.formData
	return navigation.state === 'submitting' && data?.get('intent') === intent && (!parameterId || data.get('parameterId') === parameterId)
}

/** 'To check' with its reason, or 'Corrected' with the value as it was read. */
export function ValueReviewNote({ value }: { value: ReviewedValue }) {
	if (value.reviewStatus === 'to_check') {
		return (
			<div className="mt-1 space-y-1" data-testid="to-check">
				<Badge tone="warning">{VALUE_REVIEW_TEXTS.toCheck}</Badge>
				{value.reviewReason ? <p className="text-xs font-normal text-amber-800 dark:text-amber-200">{value.reviewReason}</p> : null}
			</div>
		)
	}
	if (value.reviewStatus === 'corrected') {
		const original = [value.originalValueText, value.originalUnit, value.originalReferenceRangeText ? `(${value.originalReferenceRangeText})` : null]
			.filter(Boolean)
			.join(' ')
		return (
			<div className="mt-1 space-y-1" data-testid="corrected">
				<Badge tone="info">{VALUE_REVIEW_TEXTS.corrected}</Badge>
				<p className="text-xs font-normal text-slate-500 dark:text-slate-400">
					{VALUE_REVIEW_TEXTS.readAs}: {original}
				</p>
			</div>
		)
	}
	if (value.reviewStatus === 'added') {
		return (
			<div className="mt-1">
				<Badge tone="brand">{VALUE_REVIEW_TEXTS.added}</Badge>
			</div>
		)
	}
	if (value.reviewStatus === 'confirmed') {
		return (
			<div className="mt-1">
				<Badge tone="success">{VALUE_REVIEW_TEXTS.confirmed}</Badge>
			</div>
		)
	}
	return null
}

/** One of a value's one-button forms (confirm, remove), posting its intent and the value's id. */
function ValueActionForm({
	intent,
	value,
	name,
	label,
	variant,
	className,
}: {
	intent: 'confirm-value' | 'remove-value'
	value: ReviewedValue
	name: string
	label: string
	variant: 'secondary' | 'ghost'
	className?: string
}) {
	const navigation = useNavigation()
	return (
		<Form method="post" preventScrollReset>
			<input type="hidden" name="intent" value={intent} />
			<input type="hidden" name="parameterId" value={value.id} />
			<Button
				type="submit"
				variant={variant}
				size="small"
				className={className}
				isPending={isSubmitting(navigation, intent, value.id)}
				aria-label={`${label} ${name}`}
			>
				{label}
			</Button>
		</Form>
	)
}

/** Confirm (a value to check), Edit (opens the correction form through ?edit=id) and Remove. */
export function ValueReviewActions({ value, state, name }: { value: ReviewedValue; state: ValueReviewState; name: string }) {
	return (
		<div className="flex flex-wrap items-center gap-2">
			{value.reviewStatus === 'to_check' ? (
				<ValueActionForm intent="confirm-value" value={value} name={name} label={VALUE_REVIEW_TEXTS.confirm} variant="secondary" />
			) : null}
			<Link
				to={`${state.path}?edit=${value.id}`}
				preventScrollReset
				aria-label={`${VALUE_REVIEW_TEXTS.edit} ${name}`}
				className={buttonClassName('secondary', undefined, 'small')}
			>
				{VALUE_REVIEW_TEXTS.edit}
			</Link>
			<ValueActionForm
				intent="remove-value"
				value={value}
				name={name}
				label={VALUE_REVIEW_TEXTS.remove}
				variant="ghost"
				className="text-red-700 dark:text-red-300"
			/>
		</div>
	)
}

/** The correction of one value: value, unit and range, as printed. */
export function CorrectValueForm({ value, state, name }: { value: ReviewedValue; state: ValueReviewState; name: string }) {
	const navigation = useNavigation()
	const [form, fields] = useForm({
		id: `correct-value-${value.id}`,
		lastResult: resultFor(state, 'correct-value', value.id),
		defaultValue: {
			intent: 'correct-value',
			parameterId: value.id,
			value: value.valueText,
			unit: value.unit ?? '',
			range: value.referenceRangeText ?? '',
		},
		onValidate: ({ formData }) => parseWithZod(formData, { schema: ValueReviewSchema }),
		shouldRevalidate: 'onSubmit',
	})
	return (
		<Form method="post" preventScrollReset className="space-y-3" aria-label={`Correct ${name}`} {...getFormProps(form)}>
			<input type="hidden" name="intent" value="correct-value" />
			<input type="hidden" name="parameterId" value={value.id} />
			{form.errors?.length ? <Alert id={form.errorId}>{form.errors[0]}</Alert> : null}
			<div className="grid gap-3 sm:grid-cols-3">
				<MeasurementFields value={fields.value} unit={fields.unit} range={fields.range} />
			</div>
			<div className="flex flex-wrap gap-2">
				<Button type="submit" isPending={isSubmitting(navigation, 'correct-value', value.id)}>
					{VALUE_REVIEW_TEXTS.save}
				</Button>
				<Link to={state.path} preventScrollReset className={buttonClassName('secondary')}>
					{VALUE_REVIEW_TEXTS.cancel}
				</Link>
			</div>
		</Form>
	)
}

/** A value the reading missed: the test from the vocabulary, its value, unit and range. */
export function AddValueForm({ state }: { state: ValueReviewState }) {
	const navigation = useNavigation()
	const lastResult = resultFor(state, 'add-value')
	const [form, fields] = useForm({
		id: 'add-value',
		lastResult,
		defaultValue: { intent: 'add-value' },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: ValueReviewSchema }),
		shouldRevalidate: 'onSubmit',
	})
	return (
		<details className="rounded-lg border border-slate-200 p-4 dark:border-slate-700" open={lastResult ? true : undefined}>
			<summary className="cursor-pointer text-sm font-semibold">{VALUE_REVIEW_TEXTS.addTitle}</summary>
			<Form method="post" preventScrollReset className="mt-4 space-y-3" {...getFormProps(form)}>
				<input type="hidden" name="intent" value="add-value" />
				{form.errors?.length ? <Alert id={form.errorId}>{form.errors[0]}</Alert> : null}
				<div className="grid gap-3 sm:grid-cols-4">
					<SelectField
						label="Test"
						selectProps={getSelectProps(fields.code)}
						options={[
							{ value: '', label: 'Choose a test' },
							...state.analytes.map((analyte) => ({
								value: analyte.code,
								label: analyte.name,
							})),
						]}
						errors={fields.code.errors}
					/>
					<MeasurementFields value={fields.value} unit={fields.unit} range={fields.range} />
				</div>
				<Button type="submit" isPending={isSubmitting(navigation, 'add-value')}>
					{VALUE_REVIEW_TEXTS.add}
				</Button>
			</Form>
		</details>
	)
}

/** The value, unit and range a patient types, in the correct and add forms alike. */
function MeasurementFields({ value, unit, range }: Record<'value' | 'unit' | 'range', FieldMetadata<string | undefined>>) {
	return (
		<>
			<Field label="Value" inputProps={{ ...getInputProps(value, { type: 'text' }), inputMode: 'decimal', autoComplete: 'off' }} errors={value.errors} />
			<Field label="Unit" inputProps={{ ...getInputProps(unit, { type: 'text' }), autoComplete: 'off' }} errors={unit.errors} />
			<Field
				label="Reference range"
				inputProps={{ ...getInputProps(range, { type: 'text' }), autoComplete: 'off', placeholder: '70 - 99' }}
				errors={range.errors}
			/>
		</>
	)
}

/**
 * The values kept to check, listed with why, each ticked: 'Confirm all that
 * look right' confirms those left ticked at once (an untick leaves a value to
 * correct or remove in the table). A plain form: works without JavaScript.
 */
export function ConfirmToCheckValues({ values, state }: { values: Array<ReviewedValue & { name: string }>; state: ValueReviewState }) {
	const navigation = useNavigation()
	const lastResult = resultFor(state, 'confirm-values')
	const error = lastResult?.error?.parameterIds?.[0] ?? lastResult?.error?.['']?.[0]
	if (values.length === 0) return null
	return (
		<Form method="post" preventScrollReset className="space-y-3" aria-label={VALUE_REVIEW_TEXTS.confirmAllTitle} data-testid="confirm-to-check">
			<input type="hidden" name="intent" value="confirm-values" />
			<p className="text-sm">{VALUE_REVIEW_TEXTS.confirmAllNote}</p>
			{error ? <Alert>{error}</Alert> : null}
			<ul className="space-y-2">
				{values.map((value) => (
					<li key={value.id} className="flex items-start gap-2">
						<input
							type="checkbox"
							id={`confirm-${value.id}`}
							name="parameterIds"
							value={value.id}
							defaultChecked
							className="mt-1 h-4 w-4 shrink-0 rounded border-slate-300"
						/>
						<label htmlFor={`confirm-${value.id}`} className="min-w-0 text-sm">
							<span className="font-medium">{value.name}</span> {[value.valueText, value.unit].filter(Boolean).join(' ')}
							{value.referenceRangeText ? <span className="text-slate-600 dark:text-slate-300"> (range {value.referenceRangeText})</span> : null}
							{value.reviewReason ? <span className="block text-xs text-amber-800 dark:text-amber-200">{value.reviewReason}</span> : null}
						</label>
					</li>
				))}
			</ul>
			<Button type="submit" isPending={isSubmitting(navigation, 'confirm-values')}>
				{VALUE_REVIEW_TEXTS.confirmAll}
			</Button>
		</Form>
	)
}
