import { parseWithZod } from '@conform-to/zod'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { PageHeader, linkButtonClassName } from '#app/components/admin/admin-table.tsx'
import { AdminUserForm } from '#app/components/admin/user-form.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { createUser, listOrganizationChoices, requireAdminActor } from '#server/admin/index.ts'
import { ADMIN_MESSAGES } from '#server/admin/shared/messages.ts'
import { CreateUserSchema } from '#server/admin/shared/schemas.ts'
import { formReply } from '#server/errors/index.ts'
import { redirectWithToast } from '#server/notices/index.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdminActor(request)
	const url = new URL(request.url)
	return { organizations: await listOrganizationChoices(), organizationId: url.searchParams.get('organization') }
}

export async function action({ request }: ActionFunctionArgs) {
	const admin = await requireAdminActor(request)
	const submission = parseWithZod(await request.formData(), { schema: CreateUserSchema })
	if (submission.status !== 'success') return formReply(submission, null, { hideFields: ['password'] })
	const result = await createUser(admin, submission.value)
	if (!result.ok) return formReply(submission, result, { hideFields: ['password'] })
	return redirectWithToast(request, `/admin/users/${result.userId}`, { title: ADMIN_MESSAGES.userCreated, tone: 'success' })
}

export const meta: MetaFunction = () => [{ title: 'Create user · Carebook Admin' }]

export default function CreateUserRoute() {
	const { organizations, organizationId } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	return (
		<div className="mx-auto max-w-3xl space-y-6">
			<PageHeader title="Create User">
				<Link to="/admin/users" className={linkButtonClassName}>
					Back to Users
				</Link>
			</PageHeader>
			<Card>
				<AdminUserForm
					mode="create"
					lastResult={actionData?.result}
					organizations={organizations}
					defaults={{ name: '', email: '', organizationId, organizationRole: 'user', status: 'active' }}
				/>
			</Card>
		</div>
	)
}
