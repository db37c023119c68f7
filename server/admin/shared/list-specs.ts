/** The admin tables' sorts and filters (spec 2.15), shared by the loaders and the screens. Browser-safe. */
import type { ListSpec, ListState } from './list-state.ts'

/**
 * Users: `role` is the role in an organization (admin, manager, user; a
 * patient's own personal organization does not count), `platformRole` the
 * account's role on the platform (patient, admin, superadmin).
 */
export const USER_LIST: ListSpec<'name' | 'email' | 'tenantName' | 'lastLogin', 'status' | 'role' | 'platformRole' | 'organization'> = {
	sorts: ['name', 'email', 'tenantName', 'lastLogin'],
	defaultSort: 'name',
	filters: {
		status: ['active', 'inactive', 'pending'],
		role: ['admin', 'manager', 'user'],
		platformRole: ['patient', 'admin', 'superadmin'],
		organization: null,
	},
}

export type UserListState = ListState<(typeof USER_LIST.sorts)[number], keyof typeof USER_LIST.filters>

export const ORGANIZATION_LIST: ListSpec<'name' | 'lastActive', 'status' | 'subscription'> = {
	sorts: ['name', 'lastActive'],
	defaultSort: 'name',
	filters: { status: ['active', 'inactive', 'trial'], subscription: ['basic', 'professional', 'enterprise'] },
}

export type OrganizationListState = ListState<'name' | 'lastActive', 'status' | 'subscription'>

export const SUBSCRIPTION_LIST: ListSpec<'tenantName' | 'amount' | 'nextPayment', 'status' | 'plan'> = {
	sorts: ['tenantName', 'amount', 'nextPayment'],
	defaultSort: 'tenantName',
	filters: { status: ['active', 'past_due', 'trialing', 'canceled'], plan: ['basic', 'professional', 'enterprise'] },
}

export type SubscriptionListState = ListState<'tenantName' | 'amount' | 'nextPayment', 'status' | 'plan'>

export const DOCUMENT_STATUSES = ['queued', 'processing', 'processed', 'failed'] as const
