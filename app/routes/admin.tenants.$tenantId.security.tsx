import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { PageHeader, linkButtonClassName } from '#app/components/admin/admin-table.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { Field } from '#app/components/ui/field.tsx'
import { getAdminOrganization, requireAdminActor, updateOrganizationSecurity } from '#server/admin/index.ts'
import { ADMIN_MESSAGES } from '#server/admin/shared/messages.ts'
import { SecurityFormSchema } from '#server/admin/shared/schemas.ts'
import { formReply, notFound } from '#server/errors/index.ts'
import { redirectWithToast } from '#server/notices/index.ts'

export async function loader({ request, params }: LoaderFunctionArgs) {
	await requireAdminActor(request)
	const detail = await getAdminOrganization(params.tenantId ?? '')
	if (!detail) notFound(ADMIN_MESSAGES.organizationNotFound)
	const { id, name, requireTwoFactor, sessionLifetimeMinutes } = detail.organization
	return { organization: { id, name, requireTwoFactor, sessionLifetimeMinutes } }
}

export async function action({ request, params }: ActionFunctionArgs) {
	const admin = await requireAdminActor(request)
	const organizationId = params.tenantId ?? ''
	const submission = parseWithZod(await request.formData(), { schema: SecurityFormSchema })
	if (submission.status !== 'success') return formReply(submission)
	const result = await updateOrganizationSecurity(admin, organizationId, submission.value)
	if (!result.ok) return formReply(submission, result, { notFoundText: ADMIN_MESSAGES.organizationNotFound })
	return redirectWithToast(request, `/admin/tenants/${organizationId}`, { title: ADMIN_MESSAGES.securitySaved, tone: 'success' })
}

export const meta: MetaFunction = () => [{ title: 'Security settings · Carebook Admin' }]

export default function OrganizationSecurityRoute() {
	const { organization } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const isSubmitting = useNavigation().state === 'submitting'
	const [form, fields] = useForm({
		id: 'organization-security',
		lastResult: actionData?.result,
		constraint: getZodConstraint(SecurityFormSchema),
		defaultValue: { requireTwoFactor: organization.requireTwoFactor ? 'on' : undefined, sessionLifetimeMinutes: organization.sessionLifetimeMinutes ?? undefined },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: SecurityFormSchema }),
	})
	return (
		<div className="mx-auto max-w-3xl space-y-6">
			<PageHeader title={`Security of ${organization.name}`}>
				<Link to={`/admin/tenants/${organization.id}`} className={linkButtonClassName}>
					Back to Organization
				</Link>
			</PageHeader>
			<Card>
				<Form method="post" className="space-y-4" {...getFormProps(form)}>
					<label className="flex items-center gap-2 text-sm">
						<input {...getInputProps(fields.requireTwoFactor, { type: 'checkbox', value: 'on' })} />
						Require two-factor sign-in for members
					</label>
					<Field
						label="Session lifetime (minutes; empty for the platform default)"
						inputProps={getInputProps(fields.sessionLifetimeMinutes, { type: 'number' })}
						errors={fields.sessionLifetimeMinutes.errors}
					/>
					<p className="text-xs text-slate-500">Saved settings are recorded in the audit log. Enforcement at sign-in follows the account work on two-factor sign-in.</p>
					<Button type="submit" isPending={isSubmitting}>
						Save Security Settings
					</Button>
				</Form>
			</Card>
		</div>
	)
}
