/** Forms of the admin portal (Conform + Zod, shared by the form and its action). Browser-safe. */
import { z } from 'zod'
import { safeText, TEXT_LIMITS } from '#server/validation/shared/text.ts'
import { PLANS } from '#server/billing/shared/plans.ts'
import { ADMIN_MESSAGES } from './messages.ts'

/** A select's options from the values a schema takes: 'past_due' -> 'Past due'. */
function optionsOf<Value extends string>(
	values: readonly Value[],
	label: (value: Value) => string = (value) => value.charAt(0).toUpperCase() + value.slice(1).replaceAll('_', ' '),
) {
	return values.map((value) => ({ value, label: label(value) }))
}

const name = safeText({ max: TEXT_LIMITS.personName }).trim().min(1, 'Name is required')
const email = safeText({ max: TEXT_LIMITS.email }).trim().email('Enter a valid email address')
const optionalText = (max: number) =>
	safeText({ max })
		.trim()
		.optional()
		.transform((value) => (value ? value : null))
const optionalId = z
	.string()
	.uuid()
	.optional()
	.transform((value) => value ?? null)

/** At least 12 characters with a letter and a digit (first administrator and admin-set passwords). */
export function isStrongPassword(password: string) {
	return password.length >= 12 && /\p{L}/u.test(password) && /\d/.test(password)
}

export const PasswordSchema = safeText({ max: TEXT_LIMITS.password }).refine(isStrongPassword, ADMIN_MESSAGES.weakPassword)

export const ORGANIZATION_ROLES = ['user', 'manager', 'admin'] as const
export const USER_STATUSES = ['active', 'inactive', 'pending'] as const

export const UserFormSchema = z.object({
	name,
	email,
	organizationId: optionalId,
	organizationRole: z.enum(ORGANIZATION_ROLES).default('user'),
	status: z.enum(USER_STATUSES).default('active'),
})

export type UserForm = z.infer<typeof UserFormSchema>

export const CreateUserSchema = UserFormSchema.extend({ password: PasswordSchema })

export const ORGANIZATION_STATUSES = ['active', 'inactive', 'trial'] as const
export const PLAN_IDS = ['basic', 'professional', 'enterprise'] as const
export const BILLING_CYCLES = ['monthly', 'yearly'] as const
export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'trialing', 'canceled'] as const
/** What a new organization starts as. */
export const NEW_ORGANIZATION_STATUSES = ['trial', 'active'] as const

export const OrganizationFormSchema = z.object({
	name: safeText({ max: TEXT_LIMITS.title }).trim().min(1, 'Name is required'),
	domain: optionalText(253).refine((value) => value === null || /^[a-z0-9.-]+\.[a-z]{2,}$/i.test(value), 'Enter a domain such as clinic.example'),
	contactEmail: safeText({ max: TEXT_LIMITS.email })
		.trim()
		.email('Enter a valid email address')
		.optional()
		.transform((value) => value ?? null),
	contactName: optionalText(TEXT_LIMITS.personName),
	phone: optionalText(TEXT_LIMITS.phone),
})

export const CreateOrganizationSchema = OrganizationFormSchema.extend({
	plan: z.enum(PLAN_IDS).default('professional'),
	billingCycle: z.enum(BILLING_CYCLES).default('monthly'),
	status: z.enum(NEW_ORGANIZATION_STATUSES).default('trial'),
})

/** The admin forms' select options, derived from the values the schemas above take (and the plans' names). */
export const ADMIN_FORM_OPTIONS = {
	organizationRoles: optionsOf(ORGANIZATION_ROLES),
	userStatuses: optionsOf(USER_STATUSES),
	plans: optionsOf(PLAN_IDS, (plan) => PLANS[plan].name),
	billingCycles: optionsOf(BILLING_CYCLES),
	newOrganizationStatuses: optionsOf(NEW_ORGANIZATION_STATUSES),
} as const

export const SecurityFormSchema = z.object({
	requireTwoFactor: z
		.enum(['on'])
		.optional()
		.transform((value) => value === 'on'),
	sessionLifetimeMinutes: z
		.number({ invalid_type_error: 'Enter a number of minutes' })
		.int()
		.min(5, 'At least 5 minutes')
		.max(24 * 60, 'At most 1440 minutes (24 hours)')
		.optional()
		.transform((value) => value ?? null),
})

export const DeleteOrganizationSchema = z.object({
	confirmName: safeText({ max: TEXT_LIMITS.title }).trim().min(1, ADMIN_MESSAGES.typeOrganizationName),
})

export const SubscriptionFormSchema = z.object({
	plan: z.enum(PLAN_IDS),
	status: z.enum(SUBSCRIPTION_STATUSES),
	billingCycle: z.enum(BILLING_CYCLES),
	paymentMethod: z
		.enum(['credit_card', 'bank_transfer', 'none'])
		.default('none')
		.transform((value) => (value === 'none' ? null : value)),
})

export const SystemNotificationSchema = z
	.object({
		title: safeText({ max: TEXT_LIMITS.title }).trim().min(1, 'Title is required'),
		message: safeText({ max: TEXT_LIMITS.notes, multiline: true }).trim().min(1, 'Message is required'),
		audience: z.enum(['all', 'organization']).default('all'),
		organizationId: optionalId,
	})
	.refine((value) => value.audience === 'all' || value.organizationId, {
		message: 'Choose an organization',
		path: ['organizationId'],
	})
