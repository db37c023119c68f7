import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { PageHeader, linkButtonClassName } from '#app/components/admin/admin-table.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { Field } from '#app/components/ui/field.tsx'
import { getOrganizationSecurity, requireAdminActor, updateOrganizationSecurity } from '#server/admin/index.ts'
import { ADMIN_MESSAGES } from '#server/admin/shared/messages.ts'
import { SecurityFormSchema } from '#server/admin/shared/schemas.ts'
import { formReply, notFound } from '#server/errors/index.ts'
import { redirectWithToast } from '#server/notices/index.ts'

export async function loader({ request, params }: LoaderFunctionArgs) {
	await requireAdminActor(request)
	const organization = await getOrganizationSecurity(params.tenantId ?? '')
	if (!organization) notFound(ADMIN_MESSAGES.organizationNotFound)
	return { organization }
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
		defaultValue: {
			requireTwoFactor: organization.requireTwoFactor ? 'on' : undefined,
			sessionLifetimeMinutes: organization.sessionLifetimeMinutes ?? undefined,
		},
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
					<p className="text-xs text-slate-500 dark:text-slate-400">
						With two-factor sign-in required, a member who has not set it up is refused at sign-in with the reason; to let one set it up, turn the requirement
						off until they have (Settings › Two-Factor Authentication). Sessions end this long after sign-in, however active, when it is shorter than the
						platform&apos;s. Changes are recorded in the audit log.
					</p>
					<p className="text-sm" data-testid="members-without-two-factor">
						{organization.membersWithoutTwoFactor === 0
							? 'Every member has two-factor authentication set up.'
							: `${organization.membersWithoutTwoFactor} ${organization.membersWithoutTwoFactor === 1 ? 'member has' : 'members have'} not set up two-factor authentication.`}
					</p>
					<Button type="submit" isPending={isSubmitting}>
						Save Security Settings
					</Button>
				</Form>
			</Card>
		</div>
	)
}
