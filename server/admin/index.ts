/** The administrator portal's domain (issue 16): every admin screen calls these. */
export { requireAdminActor, isSuperadmin, auditAdminAction, type AdminActor } from './actor.ts'
export { getPlatformCounts } from './overview.ts'
export { getSystemHealth } from './system-health.ts'
export { getDashboard } from './dashboard.ts'
export { listAlerts, acknowledgeAlert, type AdminAlert } from './alerts.ts'
export {
	listUsers,
	getAdminUser,
	createUser,
	updateUser,
	setUserStatus,
	nextUserStatus,
	deleteUser,
	setPlatformRole,
	signOutUserSessions,
	sendUserPasswordReset,
	canManageAccount,
	listOrganizationChoices,
	type AdminUserRow,
} from './users.ts'
export {
	listOrganizations,
	getAdminOrganization,
	listOrganizationMembers,
	createOrganization,
	updateOrganization,
	updateOrganizationSecurity,
	getOrganizationSecurity,
	setOrganizationStatus,
	nextOrganizationStatus,
	deleteOrganization,
	type AdminOrganizationRow,
} from './organizations.ts'
export {
	listSubscriptions,
	getRevenueSummary,
	getAdminSubscription,
	processPayment,
	updateSubscription,
	getPlanCatalogue,
	type AdminSubscriptionRow,
} from './subscriptions.ts'
export { getDocumentsOverview, retryFailedDocument } from './documents.ts'
export { USER_LIST, ORGANIZATION_LIST, SUBSCRIPTION_LIST, DOCUMENT_STATUSES } from './shared/list-specs.ts'
export { getAnalytics } from './analytics.ts'
export { REPORTS, buildReport, isReportKind, type ReportKind } from './reports.ts'
export { auditTrailFor, type AuditTrailEntry } from './audit-trail.ts'
export { broadcastSystemNotification } from './system-notifications.ts'
export { countApiCall, flushApiCalls } from './api-usage.ts'
export { createFirstAdministrator } from './first-admin.ts'
export { replyWithToast, pageOf } from './action-reply.ts'
