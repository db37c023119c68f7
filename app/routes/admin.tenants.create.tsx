import { parseWithZod } from '@conform-to/zod'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData } from '@remix-run/react'
import { PageHeader, linkButtonClassName } from '#app/components/admin/admin-table.tsx'
import { OrganizationForm } from '#app/components/admin/organization-form.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { createOrganization, requireAdminActor } from '#server/admin/index.ts'
import { ADMIN_MESSAGES } from '#server/admin/shared/messages.ts'
import { CreateOrganizationSchema } from '#server/admin/shared/schemas.ts'
import { formReply } from '#server/errors/index.ts'
import { redirectWithToast } from '#server/notices/index.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdminActor(request)
	return null
}

export async function action({ request }: ActionFunctionArgs) {
	const admin = await requireAdminActor(request)
	const submission = parseWithZod(await request.formData(), { schema: CreateOrganizationSchema })
	if (submission.status !== 'success') return formReply(submission)
	const result = await createOrganization(admin, submission.value)
	return redirectWithToast(request, `/admin/tenants/${result.organizationId}`, { title: ADMIN_MESSAGES.organizationCreated, tone: 'success' })
}

export const meta: MetaFunction = () => [{ title: 'Add organization · Carebook Admin' }]

export default function CreateOrganizationRoute() {
	const actionData = useActionData<typeof action>()
	return (
		<div className="mx-auto max-w-3xl space-y-6">
			<PageHeader title="Add New Organization">
				<Link to="/admin/tenants" className={linkButtonClassName}>
					Back to Organizations
				</Link>
			</PageHeader>
			<Card>
				<p className="mb-4 text-sm text-slate-600 dark:text-slate-300">
					A new organization gets its own database schema with every tenant migration, and its subscription.
				</p>
				<OrganizationForm mode="create" lastResult={actionData?.result} />
			</Card>
		</div>
	)
}
