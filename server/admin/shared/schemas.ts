/** Forms of the admin portal (Conform + Zod, shared by the form and its action). Browser-safe. */
import { z } from 'zod'
import { safeText, TEXT_LIMITS } from '#server/validation/shared/text.ts'
import { ADMIN_MESSAGES } from './messages.ts'

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

export const UserFormSchema = z.object({
	name,
	email,
	organizationId: optionalId,
	organizationRole: z.enum(['admin', 'manager', 'user']).default('user'),
	status: z.enum(['active', 'inactive', 'pending']).default('active'),
})

export type UserForm = z.infer<typeof UserFormSchema>

export const CreateUserSchema = UserFormSchema.extend({ password: PasswordSchema })

export const ORGANIZATION_STATUSES = ['active', 'inactive', 'trial'] as const
export const PLAN_IDS = ['basic', 'professional', 'enterprise'] as const
export const BILLING_CYCLES = ['monthly', 'yearly'] as const
export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'trialing', 'canceled'] as const

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
	status: z.enum(['active', 'trial']).default('trial'),
})

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
