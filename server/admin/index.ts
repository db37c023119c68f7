/** The administrator portal's domain (issue 16): every admin screen calls these. */
export { requireAdminActor, isSuperadmin, auditAdminAction, type AdminActor } from './actor.ts'
export { getSystemHealth } from './system-health.ts'
export { getDashboard } from './dashboard.ts'
export { listAlerts, acknowledgeAlert } from './alerts.ts'
export {
	listUsers,
	getAdminUser,
	createUser,
	updateUser,
	setUserStatus,
	deleteUser,
	setPlatformRole,
	signOutUserSessions,
	sendUserPasswordReset,
	canManageAccount,
	listOrganizationChoices,
} from './users.ts'
export {
	listOrganizations,
	getAdminOrganization,
	createOrganization,
	updateOrganization,
	updateOrganizationSecurity,
	getOrganizationSecurity,
	setOrganizationStatus,
	deleteOrganization,
} from './organizations.ts'
export { listSubscriptions, getRevenueSummary, getAdminSubscription, processPayment, updateSubscription, getPlanCatalogue } from './subscriptions.ts'
export { getDocumentsOverview, retryFailedDocument } from './documents.ts'
export { USER_LIST, ORGANIZATION_LIST, SUBSCRIPTION_LIST } from './shared/list-specs.ts'
export { getAnalytics } from './analytics.ts'
export { REPORTS, buildReport, isReportKind } from './reports.ts'
export { auditTrailFor } from './audit-trail.ts'
export { broadcastSystemNotification } from './system-notifications.ts'
export { countApiCall } from './api-usage.ts'
export { replyWithToast, pageOf } from './action-reply.ts'
