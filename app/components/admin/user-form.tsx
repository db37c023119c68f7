import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, useNavigation } from '@remix-run/react'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Field } from '#app/components/ui/field.tsx'
import { SelectField } from '#app/components/ui/select-field.tsx'
import { ADMIN_FORM_OPTIONS, CreateUserSchema, UserFormSchema } from '#server/admin/shared/schemas.ts'

type Defaults = { name: string; email: string; organizationId: string | null; organizationRole: string; status: string }

/** The user form of /admin/users/create and /admin/users/{id}: name, email, organization and its role, status (and a first password on create). */
export function AdminUserForm({
	mode,
	lastResult,
	defaults,
	organizations,
}: {
	mode: 'create' | 'edit'
	lastResult: SubmissionResult<string[]> | undefined
	defaults?: Defaults
	organizations: { id: string; name: string }[]
}) {
	const schema = mode === 'create' ? CreateUserSchema : UserFormSchema
	const isSubmitting = useNavigation().state === 'submitting'
	const [form, fields] = useForm({
		id: `admin-user-${mode}`,
		lastResult,
		constraint: getZodConstraint(schema),
		defaultValue: defaults ?? { organizationRole: 'user', status: 'active' },
		onValidate: ({ formData }) => parseWithZod(formData, { schema }),
		// Revalidated while typing: a corrected field's message goes before the pointer reaches the button, so the button does not move under the first click.
		shouldRevalidate: 'onInput',
	})
	// the create schema's extra field (Conform's fields object is typed by the edit schema here)
	const createFields = fields as typeof fields & { password: typeof fields.name }
	return (
		<Form method="post" className="space-y-4" {...getFormProps(form)}>
			<input type="hidden" name="intent" value="save" />
			{form.errors?.length ? <Alert id={form.errorId}>{form.errors[0]}</Alert> : null}
			<div className="grid gap-4 sm:grid-cols-2">
				<Field label="Name" inputProps={getInputProps(fields.name, { type: 'text' })} errors={fields.name.errors} />
				<Field label="Email" inputProps={getInputProps(fields.email, { type: 'email' })} errors={fields.email.errors} />
				<SelectField
					label="Organization"
					selectProps={getSelectProps(fields.organizationId)}
					options={[{ value: '', label: 'None' }, ...organizations.map((organization) => ({ value: organization.id, label: organization.name }))]}
					errors={fields.organizationId.errors}
				/>
				<SelectField
					label="Organization role"
					selectProps={getSelectProps(fields.organizationRole)}
					options={ADMIN_FORM_OPTIONS.organizationRoles}
					errors={fields.organizationRole.errors}
				/>
				<SelectField label="Status" selectProps={getSelectProps(fields.status)} options={ADMIN_FORM_OPTIONS.userStatuses} errors={fields.status.errors} />
				{mode === 'create' ? (
					<Field
						label="Password"
						inputProps={{ ...getInputProps(createFields.password, { type: 'password' }), autoComplete: 'new-password' }}
						errors={createFields.password.errors}
					/>
				) : null}
			</div>
			<Button type="submit" isPending={isSubmitting}>
				{mode === 'create' ? 'Create User' : 'Save Changes'}
			</Button>
		</Form>
	)
}
