import { parseWithZod } from '@conform-to/zod'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useFormAction, useLoaderData, useSearchParams } from '@remix-run/react'
import { PageHeader, linkButtonClassName } from '#app/components/admin/admin-table.tsx'
import { AuditTrail } from '#app/components/admin/audit-trail.tsx'
import { ActionButton, ConfirmAction } from '#app/components/admin/confirm-action.tsx'
import { StatusBadge } from '#app/components/admin/status-badge.tsx'
import { AdminUserForm } from '#app/components/admin/user-form.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { ConfirmPanel } from '#app/components/ui/confirm-dialog.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import {
	auditTrailFor,
	canManageAccount,
	deleteUser,
	getAdminUser,
	listOrganizationChoices,
	replyWithToast,
	requireAdminActor,
	sendUserPasswordReset,
	setPlatformRole,
	setUserStatus,
	signOutUserSessions,
	updateUser,
} from '#server/admin/index.ts'
import { ACCOUNT_MESSAGES } from '#server/account/shared/messages.ts'
import { capitalize, formatAdminDateTime } from '#server/admin/shared/format.ts'
import { ADMIN_MESSAGES } from '#server/admin/shared/messages.ts'
import { UserFormSchema } from '#server/admin/shared/schemas.ts'
import { formReply, notFound } from '#server/errors/index.ts'
import { appOrigin } from '#server/http/app-origin.ts'
import { redirectWithToast } from '#server/notices/index.ts'

export async function loader({ request, params }: LoaderFunctionArgs) {
	const admin = await requireAdminActor(request)
	const userId = params.userId ?? ''
	const user = await getAdminUser(userId)
	if (!user) notFound(ADMIN_MESSAGES.userNotFound)
	const [organizations, audit] = await Promise.all([listOrganizationChoices(), auditTrailFor({ type: 'user', id: userId })])
	const choices = [
		...user.memberships
			.filter((membership) => membership.kind === 'personal')
			.map((membership) => ({ id: membership.organizationId, name: membership.organizationName })),
		...organizations,
	]
	return {
		user,
		organizations: choices,
		audit,
		isSuperadmin: admin.role === 'superadmin',
		isSelf: admin.userId === userId,
		canManage: canManageAccount(admin, user),
	}
}

export async function action({ request, params }: ActionFunctionArgs) {
	const admin = await requireAdminActor(request)
	const userId = params.userId ?? ''
	const formData = await request.formData()
	const intent = String(formData.get('intent') ?? '')
	const here = `/admin/users/${userId}`
	switch (intent) {
		case 'save': {
			const submission = parseWithZod(formData, { schema: UserFormSchema })
			if (submission.status !== 'success') return formReply(submission)
			const result = await updateUser(admin, userId, submission.value)
			if (!result.ok) return formReply(submission, result, { notFoundText: ADMIN_MESSAGES.userNotFound })
			return redirectWithToast(request, here, { title: ADMIN_MESSAGES.userSaved, tone: 'success' })
		}
		case 'activate':
		case 'deactivate': {
			const result = await setUserStatus(admin, userId, intent)
			return replyWithToast(
				request,
				result,
				{ title: ADMIN_MESSAGES.statusUpdated, description: result.ok ? ADMIN_MESSAGES.userStatusUpdated(capitalize(result.status)) : null },
				here,
			)
		}
		case 'send-password-reset': {
			const result = await sendUserPasswordReset(admin, userId, appOrigin(request))
			return replyWithToast(request, result, { title: ACCOUNT_MESSAGES.resetLinkSent, description: ACCOUNT_MESSAGES.resetLinkSentDescription }, here)
		}
		case 'sign-out-sessions': {
			const result = await signOutUserSessions(admin, userId)
			return replyWithToast(
				request,
				result,
				{ title: ADMIN_MESSAGES.sessionsSignedOut, description: result.ok ? ADMIN_MESSAGES.sessionsSignedOutDescription(result.ended) : null },
				here,
			)
		}
		case 'grant-admin':
		case 'revoke-admin': {
			const result = await setPlatformRole(admin, userId, intent === 'grant-admin' ? 'admin' : 'patient')
			return replyWithToast(
				request,
				result,
				{ title: ADMIN_MESSAGES.roleUpdated, description: result.ok ? ADMIN_MESSAGES.roleUpdatedDescription(result.role) : null },
				here,
			)
		}
		case 'delete': {
			const result = await deleteUser(admin, userId)
			return replyWithToast(request, result, { title: ADMIN_MESSAGES.userDeleted }, result.ok ? '/admin/users' : here)
		}
		default:
			return replyWithToast(request, { ok: false, kind: 'invalid', code: 'intent', message: 'Unknown action' }, { title: '' }, here)
	}
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.user.name || 'User'} · Carebook Admin` }]

export default function AdminUserRoute() {
	const { user, organizations, audit, isSuperadmin, isSelf, canManage } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const [searchParams] = useSearchParams()
	const formAction = useFormAction()
	const primary = user.memberships[0]
	return (
		<div className="mx-auto max-w-4xl space-y-6">
			<PageHeader title={user.name || user.email}>
				<Link to="/admin/users" className={linkButtonClassName}>
					Back to Users
				</Link>
			</PageHeader>
			{searchParams.get('confirm') === 'delete' && isSuperadmin && !isSelf ? (
				<ConfirmPanel
					title="Delete user"
					description={ADMIN_MESSAGES.deleteUserQuestion}
					confirmLabel="Delete"
					cancelLabel="Cancel"
					cancelHref="?"
					action={formAction}
					intent="delete"
				/>
			) : null}
			<Card className="grid gap-2 text-sm sm:grid-cols-2">
				<p>
					Status: <StatusBadge status={user.status} />
				</p>
				<p>Platform role: {capitalize(user.platformRole)}</p>
				<p>Created: {formatAdminDateTime(user.createdAt)}</p>
				<p>Last sign-in: {formatAdminDateTime(user.lastLoginAt, ADMIN_MESSAGES.never)}</p>
				<p>Last active: {formatAdminDateTime(user.lastActiveAt, ADMIN_MESSAGES.never)}</p>
				{user.lockedUntil && new Date(user.lockedUntil) > new Date() ? (
					<p className="text-red-700">Locked until {formatAdminDateTime(user.lockedUntil)}</p>
				) : null}
				<p>
					Organizations:{' '}
					{user.memberships.length === 0
						? 'none'
						: user.memberships
								.map((membership) =>
									membership.kind === 'personal'
										? `${membership.organizationName} (personal)`
										: `${membership.organizationName} (${capitalize(membership.role)})`,
								)
								.join(', ')}
				</p>
			</Card>
			{canManage ? null : (
				<p
					role="note"
					className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
				>
					{ADMIN_MESSAGES.superadminOnlyForAdmins}
				</p>
			)}
			{canManage ? (
				<Card>
					<h2 className="mb-4 font-semibold">Edit user</h2>
					<AdminUserForm
						mode="edit"
						lastResult={actionData?.result}
						organizations={organizations}
						defaults={{
							name: user.name,
							email: user.email,
							organizationId: primary?.organizationId ?? null,
							organizationRole: primary?.role ?? 'user',
							status: user.status,
						}}
					/>
				</Card>
			) : null}
			<Card className="space-y-3">
				<h2 className="font-semibold">Sessions</h2>
				{user.sessions.length === 0 ? (
					<p className="text-sm text-slate-500 dark:text-slate-400">No active sessions.</p>
				) : (
					<ul className="text-sm" data-testid="user-sessions">
						{user.sessions.map((session, index) => (
							<li key={index}>
								{session.kind === 'admin' ? 'Admin portal' : 'Patient portal'} · signed in {formatAdminDateTime(session.createdAt)} · expires{' '}
								{formatAdminDateTime(session.expiresAt)}
							</li>
						))}
					</ul>
				)}
				{canManage ? (
					<div className="flex flex-wrap gap-2">
						<ActionButton fields={{ intent: 'sign-out-sessions' }} label="Sign out all sessions" className={linkButtonClassName} />
						{user.status === 'active' ? (
							<ActionButton fields={{ intent: 'send-password-reset' }} label="Reset password by e-mail" className={linkButtonClassName} />
						) : null}
						{isSelf ? null : (
							<ActionButton
								fields={{ intent: user.status === 'active' ? 'deactivate' : 'activate' }}
								label={user.status === 'active' ? 'Deactivate' : 'Activate'}
								className={linkButtonClassName}
							/>
						)}
					</div>
				) : null}
			</Card>
			{isSuperadmin && !isSelf ? (
				<Card className="space-y-3">
					<h2 className="font-semibold">Superadmin</h2>
					<div className="flex flex-wrap gap-2">
						{user.platformRole === 'patient' ? (
							<ActionButton fields={{ intent: 'grant-admin' }} label="Grant admin role" className={linkButtonClassName} />
						) : null}
						{user.platformRole === 'admin' ? (
							<ActionButton fields={{ intent: 'revoke-admin' }} label="Revoke admin role" className={linkButtonClassName} />
						) : null}
						<ConfirmAction
							label="Delete user"
							title="Delete user"
							description={ADMIN_MESSAGES.deleteUserQuestion}
							confirmLabel="Delete"
							fields={{ intent: 'delete' }}
							noScriptHref="?confirm=delete"
							className="inline-flex items-center rounded-md bg-red-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-700"
						/>
					</div>
				</Card>
			) : null}
			<AuditTrail entries={audit} />
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary statusHandlers={{ 404: () => <p className="p-6">{ADMIN_MESSAGES.userNotFound}</p> }} />
}
