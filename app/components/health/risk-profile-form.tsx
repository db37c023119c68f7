import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { Form, useNavigation } from '@remix-run/react'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Field } from '#app/components/ui/field.tsx'
import { SelectField } from '#app/components/ui/select-field.tsx'
import { PROFILE_FORM_TEXTS } from '#server/health/shared/texts.ts'
import {
	HEALTH_PROFILE_QUESTIONS,
	HEALTH_PROFILE_TEXTS,
	RACE_GROUPS,
	RACE_GROUP_LABELS,
	SEXES,
	SEX_LABELS,
	createHealthProfileFormSchema,
	healthProfileFormDefaults,
	type HealthProfile,
} from '#server/health/shared/health-profile.ts'

export const SAVE_PROFILE_INTENT = 'save-profile'

const YES_NO_OPTIONS = [
	{ value: '', label: HEALTH_PROFILE_TEXTS.notAnswered },
	{ value: 'yes', label: 'Yes' },
	{ value: 'no', label: 'No' },
]

/**
 * The 'Risk profile' form on the Risk Assessment tab: the facts the pooled
 * cohort equations need beyond lab values. Works without JavaScript (the
 * route's action validates with the same schema).
 */
export function RiskProfileForm({
	profile,
	today,
	lastResult,
	action,
}: {
	profile: HealthProfile
	today: string
	lastResult: SubmissionResult<string[]> | null | undefined
	action: string
}) {
	const navigation = useNavigation()
	const isSubmitting = navigation.state === 'submitting' && navigation.formData?.get('intent') === SAVE_PROFILE_INTENT
	const schema = createHealthProfileFormSchema({ today })
	const [form, fields] = useForm({
		id: 'risk-profile',
		lastResult,
		defaultValue: healthProfileFormDefaults(profile),
		onValidate: ({ formData }) => parseWithZod(formData, { schema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	return (
		<section aria-labelledby="risk-profile-heading" id="risk-profile-section">
			<h2 id="risk-profile-heading" className="text-lg font-semibold">
				{HEALTH_PROFILE_TEXTS.title}
			</h2>
			<p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{HEALTH_PROFILE_TEXTS.description}</p>
			<Form method="post" action={action} preventScrollReset className="mt-4 space-y-4" {...getFormProps(form)}>
				<input type="hidden" name="intent" value={SAVE_PROFILE_INTENT} />
				{form.errors?.length ? <Alert id={form.errorId}>{form.errors[0]}</Alert> : null}
				<fieldset disabled={isSubmitting} className="grid gap-4 sm:grid-cols-2">
					<Field
						label={PROFILE_FORM_TEXTS.dateOfBirth}
						inputProps={{ ...getInputProps(fields.dateOfBirth, { type: 'date' }), max: today, min: '1900-01-01', autoComplete: 'bday' }}
						errors={fields.dateOfBirth.errors}
					/>
					<SelectField
						label={PROFILE_FORM_TEXTS.sex}
						selectProps={getSelectProps(fields.sex)}
						options={[{ value: '', label: HEALTH_PROFILE_TEXTS.notAnswered }, ...SEXES.map((sex) => ({ value: sex, label: SEX_LABELS[sex] }))]}
						errors={fields.sex.errors}
					/>
					<SelectField
						label={PROFILE_FORM_TEXTS.raceGroup}
						selectProps={getSelectProps(fields.raceGroup)}
						options={[
							{ value: '', label: HEALTH_PROFILE_TEXTS.notAnswered },
							...RACE_GROUPS.map((group) => ({ value: group, label: RACE_GROUP_LABELS[group] })),
						]}
						hint={HEALTH_PROFILE_TEXTS.raceGroupExplanation}
						errors={fields.raceGroup.errors}
						className="sm:col-span-2"
					/>
					<SelectField
						label={HEALTH_PROFILE_QUESTIONS.isSmoker}
						selectProps={getSelectProps(fields.isSmoker)}
						options={YES_NO_OPTIONS}
						errors={fields.isSmoker.errors}
					/>
					<SelectField
						label={HEALTH_PROFILE_QUESTIONS.isTreatedForHypertension}
						selectProps={getSelectProps(fields.isTreatedForHypertension)}
						options={YES_NO_OPTIONS}
						errors={fields.isTreatedForHypertension.errors}
					/>
					<SelectField
						label={HEALTH_PROFILE_QUESTIONS.hasDiabetes}
						selectProps={getSelectProps(fields.hasDiabetes)}
						options={YES_NO_OPTIONS}
						errors={fields.hasDiabetes.errors}
					/>
				</fieldset>
				<Button type="submit" isPending={isSubmitting}>
					{isSubmitting ? PROFILE_FORM_TEXTS.saving : PROFILE_FORM_TEXTS.save}
				</Button>
			</Form>
		</section>
	)
}
