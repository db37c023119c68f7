import { parseWithZod } from '@conform-to/zod'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useFormAction, useLoaderData, useSearchParams } from '@remix-run/react'
import { PageHeader, linkButtonClassName } from '#app/components/admin/admin-table.tsx'
import { OrganizationLinks } from '#app/components/admin/organization-links.tsx'
import { AuditTrail } from '#app/components/admin/audit-trail.tsx'
import { StorageBar } from '#app/components/admin/bars.tsx'
import { ActionButton, ConfirmAction } from '#app/components/admin/confirm-action.tsx'
import { StatusBadge } from '#app/components/admin/status-badge.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { Alert } from '#app/components/ui/alert.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { ConfirmPanel } from '#app/components/ui/confirm-dialog.tsx'
import { inputClassName } from '#app/components/ui/field.tsx'
import { auditTrailFor, deleteOrganization, getAdminOrganization, replyWithToast, requireAdminActor, setOrganizationStatus } from '#server/admin/index.ts'
import { capitalize, formatAdminDate, formatAdminDateTime, formatUsd } from '#server/admin/shared/format.ts'
import { ADMIN_MESSAGES } from '#server/admin/shared/messages.ts'
import { DeleteOrganizationSchema } from '#server/admin/shared/schemas.ts'
import { notFound, refusalStatus } from '#server/errors/index.ts'
import { redirectWithToast } from '#server/notices/index.ts'
import { data } from '@remix-run/node'

export async function loader({ request, params }: LoaderFunctionArgs) {
	const admin = await requireAdminActor(request)
	const organizationId = params.tenantId ?? ''
	const detail = await getAdminOrganization(organizationId)
	if (!detail) notFound(ADMIN_MESSAGES.organizationNotFound)
	return { detail, audit: await auditTrailFor({ type: 'organization', id: organizationId }), canDelete: admin.role === 'superadmin' }
}

export async function action({ request, params }: ActionFunctionArgs) {
	const admin = await requireAdminActor(request)
	const organizationId = params.tenantId ?? ''
	const formData = await request.formData()
	const intent = String(formData.get('intent') ?? '')
	const here = `/admin/tenants/${organizationId}`
	if (intent === 'delete') {
		const submission = parseWithZod(formData, { schema: DeleteOrganizationSchema })
		if (submission.status !== 'success') return data({ error: ADMIN_MESSAGES.typeOrganizationName }, { status: 400 })
		const result = await deleteOrganization(admin, organizationId, submission.value.confirmName)
		if (!result.ok) {
			if (result.kind === 'not-found') notFound(ADMIN_MESSAGES.organizationNotFound)
			return data({ error: result.message }, { status: refusalStatus(result) })
		}
		return redirectWithToast(request, '/admin/tenants', { title: ADMIN_MESSAGES.organizationDeleted, tone: 'success' })
	}
	const result = await setOrganizationStatus(admin, organizationId, intent === 'activate' ? 'activate' : 'deactivate')
	return replyWithToast(
		request,
		result,
		{ title: ADMIN_MESSAGES.statusUpdated, description: result.ok ? ADMIN_MESSAGES.organizationStatusUpdated(capitalize(result.status)) : null },
		here,
	)
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.detail.organization.name ?? 'Organization'} · Carebook Admin` }]

function ConfirmNameField() {
	return (
		<div>
			<label htmlFor="confirm-name" className="block text-sm font-medium">
				{ADMIN_MESSAGES.typeOrganizationName}
			</label>
			<input id="confirm-name" name="confirmName" required autoComplete="off" className={`${inputClassName} mt-1`} />
		</div>
	)
}

export default function AdminTenantRoute() {
	const { detail, audit, canDelete } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const [searchParams] = useSearchParams()
	const formAction = useFormAction()
	const { organization, subscription } = detail
	return (
		<div className="mx-auto max-w-5xl space-y-6">
			<PageHeader title={organization.name}>
				<OrganizationLinks organizationId={organization.id} className={linkButtonClassName} />
			</PageHeader>
			{actionData && 'error' in actionData ? <Alert>{actionData.error}</Alert> : null}
			{searchParams.get('confirm') === 'delete' && canDelete ? (
				<ConfirmPanel
					title="Delete Organization"
					description={ADMIN_MESSAGES.deleteOrganizationQuestion}
					confirmLabel="Delete Organization"
					cancelLabel="Cancel"
					cancelHref="?"
					action={formAction}
					intent="delete"
				>
					<ConfirmNameField />
				</ConfirmPanel>
			) : null}
			<div className="grid gap-4 md:grid-cols-2">
				<Card className="space-y-1 text-sm">
					<h2 className="mb-2 font-semibold">Details</h2>
					<p>
						Status: <StatusBadge status={organization.status} />
					</p>
					<p>Kind: {organization.kind === 'personal' ? 'Personal' : 'Organization'}</p>
					<p>Domain: {organization.domain ?? '—'}</p>
					<p>Contact: {[organization.contactName, organization.contactEmail, organization.phone].filter(Boolean).join(' · ') || '—'}</p>
					<p>Created: {formatAdminDateTime(organization.createdAt)}</p>
					<p>Last active: {formatAdminDateTime(organization.lastActiveAt, ADMIN_MESSAGES.never)}</p>
					<p>
						Users: {detail.members.length} of {detail.maxUsers}
					</p>
					<p>
						Documents: {detail.documents.total} ({detail.documents.processed} processed, {detail.documents.failed} failed)
					</p>
					<StorageBar usedMb={detail.storageUsedMb} limitMb={detail.storageLimitMb} />
				</Card>
				<Card className="space-y-1 text-sm">
					<h2 className="mb-2 font-semibold">Subscription</h2>
					{subscription ? (
						<>
							<p>Plan: {capitalize(subscription.plan)}</p>
							<p>
								Status: <StatusBadge status={subscription.status} />
							</p>
							<p>
								Amount: {formatUsd(subscription.status === 'trialing' ? 0 : subscription.amountCents)} /{' '}
								{subscription.billingCycle === 'yearly' ? 'year' : 'month'}
							</p>
							<p>Next payment: {subscription.status === 'canceled' ? ADMIN_MESSAGES.notAvailable : formatAdminDate(subscription.currentPeriodEnd)}</p>
							<Link to={`/admin/subscriptions/${subscription.id}`} className="font-medium text-brand-700 hover:underline">
								Edit Subscription
							</Link>
						</>
					) : (
						<p>No subscription.</p>
					)}
					<p className="pt-2">
						Security: {organization.requireTwoFactor ? 'two-factor sign-in required' : 'two-factor optional'} · session lifetime{' '}
						{organization.sessionLifetimeMinutes ? `${organization.sessionLifetimeMinutes} min` : 'platform default'}
					</p>
				</Card>
			</div>
			<Card className="flex flex-wrap gap-2">
				{organization.status === 'active' ? (
					<ActionButton fields={{ intent: 'deactivate' }} label="Deactivate" className={linkButtonClassName} />
				) : (
					<ActionButton fields={{ intent: 'activate' }} label="Activate" className={linkButtonClassName} />
				)}
				{canDelete ? (
					<ConfirmAction
						label="Delete Organization"
						title="Delete Organization"
						description={ADMIN_MESSAGES.deleteOrganizationQuestion}
						confirmLabel="Delete Organization"
						fields={{ intent: 'delete' }}
						noScriptHref="?confirm=delete"
						className="inline-flex items-center rounded-md bg-red-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-700"
					>
						<ConfirmNameField />
					</ConfirmAction>
				) : null}
			</Card>
			<AuditTrail entries={audit} />
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary statusHandlers={{ 404: () => <p className="p-6">{ADMIN_MESSAGES.organizationNotFound}</p> }} />
}
