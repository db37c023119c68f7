/**
 * Sidebar entries of the patient shell (spec 2.2) and the admin portal (spec 2.15).
 * The patient's sidebar adds Medications and Subscription to the spec's list: both
 * are routes of the patient shell (spec 2.1, 2.14 and the search's /medications links)
 * that were otherwise reachable only from other pages.
 */
export const PATIENT_NAV = [
	{
		group: 'Main',
		items: [
			{ label: 'Dashboard', to: '/' },
			{ label: 'Medical Records', to: '/records' },
			{ label: 'Appointments', to: '/appointments' },
			{ label: 'Medications', to: '/medications' },
			{ label: 'Health Trends', to: '/trends' },
			{ label: 'Upload Documents', to: '/upload' },
		],
	},
	{
		group: 'Personal',
		items: [
			{ label: 'Share Records', to: '/share-records' },
			{ label: 'Notifications', to: '/notifications' },
			{ label: 'Profile', to: '/profile' },
			{ label: 'Settings', to: '/settings' },
			{ label: 'Subscription', to: '/subscription' },
		],
	},
] as const

export type AdminRole = 'admin' | 'superadmin'

const ADMIN_NAV = [
	{ label: 'Dashboard', to: '/admin' },
	{ label: 'Users', to: '/admin/users' },
	{ label: 'Tenants', to: '/admin/tenants' },
	{ label: 'Subscriptions', to: '/admin/subscriptions' },
	{ label: 'Documents', to: '/admin/documents' },
	{ label: 'Analytics', to: '/admin/analytics' },
	{ label: 'Reports', to: '/admin/reports' },
	{ label: 'Audit Log', to: '/admin/audit' },
	{ label: 'System Health', to: '/admin/system', superadminOnly: true },
	{ label: 'Portal connections', to: '/admin/portal-connections', superadminOnly: true },
	{ label: 'Notifications', to: '/admin/notifications' },
] as const

/** The admin sidebar for a role: System Health only for the superadmin. */
export function adminNavFor(role: AdminRole) {
	return ADMIN_NAV.filter((item) => !('superadminOnly' in item) || role === 'superadmin')
}

/** Highlighted when the path equals the item or starts with it; the dashboard only on equality. */
export function isAdminNavActive(itemPath: string, currentPath: string) {
	if (itemPath === '/admin') return currentPath === '/admin' || currentPath === '/admin/'
	return currentPath === itemPath || currentPath.startsWith(`${itemPath}/`)
}

/** The admin's display name: name, else e-mail, else 'Admin User'. */
export function adminDisplayName(admin: { name?: string | null; email?: string | null }) {
	return admin.name?.trim() || admin.email?.trim() || 'Admin User'
}
