import { parseWithZod } from '@conform-to/zod'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { PageHeader, linkButtonClassName } from '#app/components/admin/admin-table.tsx'
import { OrganizationForm } from '#app/components/admin/organization-form.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { getAdminOrganization, requireAdminActor, updateOrganization } from '#server/admin/index.ts'
import { ADMIN_MESSAGES } from '#server/admin/shared/messages.ts'
import { OrganizationFormSchema } from '#server/admin/shared/schemas.ts'
import { formReply, notFound } from '#server/errors/index.ts'
import { redirectWithToast } from '#server/notices/index.ts'

export async function loader({ request, params }: LoaderFunctionArgs) {
	await requireAdminActor(request)
	const detail = await getAdminOrganization(params.tenantId ?? '')
	if (!detail) notFound(ADMIN_MESSAGES.organizationNotFound)
	return { organization: detail.organization }
}

export async function action({ request, params }: ActionFunctionArgs) {
	const admin = await requireAdminActor(request)
	const organizationId = params.tenantId ?? ''
	const submission = parseWithZod(await request.formData(), { schema: OrganizationFormSchema })
	if (submission.status !== 'success') return formReply(submission)
	const result = await updateOrganization(admin, organizationId, submission.value)
	if (!result.ok) return formReply(submission, result, { notFoundText: ADMIN_MESSAGES.organizationNotFound })
	return redirectWithToast(request, `/admin/tenants/${organizationId}`, { title: ADMIN_MESSAGES.organizationSaved, tone: 'success' })
}

export const meta: MetaFunction = () => [{ title: 'Edit organization · Carebook Admin' }]

export default function EditOrganizationRoute() {
	const { organization } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	return (
		<div className="mx-auto max-w-3xl space-y-6">
			<PageHeader title={`Edit ${organization.name}`}>
				<Link to={`/admin/tenants/${organization.id}`} className={linkButtonClassName}>
					Back to Organization
				</Link>
			</PageHeader>
			<Card>
				<OrganizationForm mode="edit" lastResult={actionData?.result} defaults={organization} />
			</Card>
		</div>
	)
}
