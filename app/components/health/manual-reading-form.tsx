import { getFormProps, getInputProps, getSelectProps, useForm, type FieldMetadata, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { Form, Link, useNavigation } from '@remix-run/react'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Field } from '#app/components/ui/field.tsx'
import { SelectField } from '#app/components/ui/select-field.tsx'
import { cn } from '#app/lib/cn.ts'
import { READING_FIELDS, readingUnitDefaults } from '#server/health/shared/reading-fields.ts'
import { READING_FORM_TEXTS } from '#server/health/shared/texts.ts'
import {
	EARLIEST_READING_DATE,
	MANUAL_READING_KINDS,
	MANUAL_READING_LABELS,
	createManualReadingSchema,
	type ManualReadingKind,
} from '#server/health/shared/manual-reading.ts'

export const ADD_READING_INTENT = 'add-reading'

/**
 * 'Add a reading': the kind is chosen with links (so the form shows the right
 * inputs without JavaScript), then one Conform form validated on both sides by
 * createManualReadingSchema.
 */
export function ManualReadingForm({
	kind,
	today,
	lastResult,
	action,
	kindHref,
}: {
	kind: ManualReadingKind
	today: string
	lastResult: SubmissionResult<string[]> | null | undefined
	action: string
	kindHref: (kind: ManualReadingKind) => string
}) {
	const navigation = useNavigation()
	const isSubmitting = navigation.state === 'submitting' && navigation.formData?.get('intent') === ADD_READING_INTENT
	const schema = createManualReadingSchema({ today })
	const [form, typedFields] = useForm({
		id: `manual-reading-${kind}`,
		lastResult,
		defaultValue: { kind, date: today, ...readingUnitDefaults(kind) },
		onValidate: ({ formData }) => parseWithZod(formData, { schema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	// The inputs are listed by name (READING_FIELDS); every kind's names are fields of the union schema.
	const fields = typedFields as unknown as Record<string, FieldMetadata<string>>
	return (
		<section aria-labelledby="add-reading-heading" id="add-reading" className="scroll-mt-6">
			<h2 id="add-reading-heading" className="text-lg font-semibold">
				{READING_FORM_TEXTS.title}
			</h2>
			<p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{READING_FORM_TEXTS.description}</p>
			<nav aria-label={READING_FORM_TEXTS.kindLabel} className="mt-4">
				<ul className="flex flex-wrap gap-2">
					{MANUAL_READING_KINDS.map((option) => (
						<li key={option}>
							<Link
								to={kindHref(option)}
								preventScrollReset
								replace
								aria-current={option === kind ? 'page' : undefined}
								className={cn(
									'inline-block rounded-full px-3 py-1 text-sm font-medium ring-1 ring-inset',
									option === kind
										? 'bg-brand-600 text-white ring-brand-600'
										: 'text-slate-700 ring-slate-300 hover:bg-slate-50 dark:text-slate-200 dark:ring-slate-600 dark:hover:bg-slate-800',
								)}
							>
								{MANUAL_READING_LABELS[option]}
							</Link>
						</li>
					))}
				</ul>
			</nav>
			<Form method="post" action={action} preventScrollReset className="mt-4 space-y-4" {...getFormProps(form)}>
				<input type="hidden" name="intent" value={ADD_READING_INTENT} />
				<input type="hidden" name="kind" value={kind} />
				{form.errors?.length ? <Alert id={form.errorId}>{form.errors.join(' ')}</Alert> : null}
				<fieldset disabled={isSubmitting} className="grid gap-4 sm:grid-cols-2">
					<legend className="sr-only">{MANUAL_READING_LABELS[kind]}</legend>
					<Field
						label={READING_FORM_TEXTS.date}
						inputProps={{ ...getInputProps(fields.date, { type: 'date' }), max: today, min: EARLIEST_READING_DATE }}
						errors={fields.date.errors}
					/>
					{READING_FIELDS[kind].map((field) => {
						const meta = fields[field.name]
						const label = `${field.label}${field.unit ? ` (${field.unit})` : ''}${field.isOptional ? ` ${READING_FORM_TEXTS.optional}` : ''}`
						const input = (
							<Field
								label={label}
								inputProps={{
									...getInputProps(meta, { type: 'text' }),
									inputMode: 'decimal',
									autoComplete: 'off',
								}}
								errors={meta.errors}
								className={field.unitChoice ? 'flex-1' : undefined}
							/>
						)
						if (!field.unitChoice) {
							return (
								<div key={field.name}>
									{input}
									{field.hint ? <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{field.hint}</p> : null}
								</div>
							)
						}
						const unitMeta = fields[field.unitChoice.name]
						return (
							<div key={field.name}>
								<div className="flex items-start gap-2">
									{input}
									<SelectField
										label={field.unitChoice.label}
										selectProps={getSelectProps(unitMeta)}
										options={field.unitChoice.options.map((unit) => ({ value: unit, label: unit }))}
										errors={unitMeta.errors}
										className="w-28"
									/>
								</div>
								{field.hint ? <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{field.hint}</p> : null}
							</div>
						)
					})}
				</fieldset>
				<Button type="submit" isPending={isSubmitting}>
					{isSubmitting ? READING_FORM_TEXTS.submitting : READING_FORM_TEXTS.submit}
				</Button>
			</Form>
		</section>
	)
}
