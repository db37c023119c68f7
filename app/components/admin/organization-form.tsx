import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, useNavigation } from '@remix-run/react'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Field } from '#app/components/ui/field.tsx'
import { SelectField } from '#app/components/ui/select-field.tsx'
import { ADMIN_FORM_OPTIONS, CreateOrganizationSchema, OrganizationFormSchema } from '#server/admin/shared/schemas.ts'

type Defaults = { name: string; domain: string | null; contactEmail: string | null; contactName: string | null; phone: string | null }

/** /admin/tenants/create (with plan, billing cycle and starting status) and /admin/tenants/{id}/edit. */
export function OrganizationForm({
	mode,
	lastResult,
	defaults,
}: {
	mode: 'create' | 'edit'
	lastResult: SubmissionResult<string[]> | undefined
	defaults?: Defaults
}) {
	const schema = mode === 'create' ? CreateOrganizationSchema : OrganizationFormSchema
	const isSubmitting = useNavigation().state === 'submitting'
	const [form, fields] = useForm({
		id: `organization-${mode}`,
		lastResult,
		constraint: getZodConstraint(schema),
		defaultValue: { plan: 'professional', billingCycle: 'monthly', status: 'trial', ...defaults } as Record<string, string | null>,
		onValidate: ({ formData }) => parseWithZod(formData, { schema }),
		shouldRevalidate: 'onBlur',
	})
	const createFields = fields as typeof fields & Record<'plan' | 'billingCycle' | 'status', typeof fields.name>
	return (
		<Form method="post" className="space-y-4" {...getFormProps(form)}>
			{form.errors?.length ? <Alert id={form.errorId}>{form.errors[0]}</Alert> : null}
			<div className="grid gap-4 sm:grid-cols-2">
				<Field label="Organization name" inputProps={getInputProps(fields.name, { type: 'text' })} errors={fields.name.errors} />
				<Field label="Domain" inputProps={getInputProps(fields.domain, { type: 'text' })} errors={fields.domain.errors} />
				<Field label="Contact name" inputProps={getInputProps(fields.contactName, { type: 'text' })} errors={fields.contactName.errors} />
				<Field label="Contact email" inputProps={getInputProps(fields.contactEmail, { type: 'email' })} errors={fields.contactEmail.errors} />
				<Field label="Phone" inputProps={getInputProps(fields.phone, { type: 'tel' })} errors={fields.phone.errors} />
				{mode === 'create' ? (
					<>
						<SelectField label="Plan" selectProps={getSelectProps(createFields.plan)} options={ADMIN_FORM_OPTIONS.plans} errors={createFields.plan.errors} />
						<SelectField
							label="Billing cycle"
							selectProps={getSelectProps(createFields.billingCycle)}
							options={ADMIN_FORM_OPTIONS.billingCycles}
							errors={createFields.billingCycle.errors}
						/>
						<SelectField
							label="Status"
							selectProps={getSelectProps(createFields.status)}
							options={ADMIN_FORM_OPTIONS.newOrganizationStatuses}
							errors={createFields.status.errors}
						/>
					</>
				) : null}
			</div>
			<Button type="submit" isPending={isSubmitting}>
				{mode === 'create' ? 'Create Organization' : 'Save Changes'}
			</Button>
		</Form>
	)
}
