/** The plans of spec section 9, one place for prices, limits and OCR priority. */
export const PLANS = {
	basic: {
		id: 'basic',
		name: 'Basic',
		monthlyPriceCents: 999,
		storageLimitMb: 100,
		maxUsers: 1,
		ocrPriority: 'standard',
		apiAccess: false,
		features: ['100 MB storage', 'Standard OCR', 'Single user', 'Email support'],
	},
	professional: {
		id: 'professional',
		name: 'Professional',
		monthlyPriceCents: 2999,
		storageLimitMb: 1000,
		maxUsers: 5,
		ocrPriority: 'high',
		apiAccess: true,
		features: ['1 GB storage', 'High OCR priority', 'Up to 5 users', 'API access', 'Priority support'],
	},
	enterprise: {
		id: 'enterprise',
		name: 'Enterprise',
		monthlyPriceCents: 9999,
		storageLimitMb: 10000,
		maxUsers: 20,
		ocrPriority: 'premium',
		apiAccess: true,
		features: ['10 GB storage', 'Premium OCR', 'Up to 20 users', 'Full API', 'Dedicated support', 'Custom integrations'],
	},
} as const

export type PlanId = keyof typeof PLANS
export const TRIAL_DAYS = 14

export const PLAN_IDS = ['basic', 'professional', 'enterprise'] as const satisfies readonly PlanId[]
export type Plan = (typeof PLANS)[PlanId]

/** The plan marked 'Recommended' on /subscription (spec section 9). */
export const RECOMMENDED_PLAN: PlanId = 'professional'

/** graphile-worker priority (lower runs first): premium OCR before high before standard. */
export function ocrJobPriority(plan: PlanId) {
	return { premium: 0, high: 5, standard: 10 }[PLANS[plan].ocrPriority]
}

export function isPlanId(value: unknown): value is PlanId {
	return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value)
}

/** Where a plan stands against another: an upgrade costs more per month. */
export function isUpgrade(from: PlanId, to: PlanId) {
	return PLANS[to].monthlyPriceCents > PLANS[from].monthlyPriceCents
}

/** '$29.99' (USD, en-US). */
export function formatPrice(cents: number) {
	return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100)
}

/**
 * The plans as the subscription page and the admin portal list them
 * ('Available Plans'): name, monthly price, limits, features, Recommended.
 */
export function planCatalogue() {
	return PLAN_IDS.map((id) => ({
		id,
		name: PLANS[id].name,
		monthlyPriceCents: PLANS[id].monthlyPriceCents,
		price: formatPrice(PLANS[id].monthlyPriceCents),
		storageLimitMb: PLANS[id].storageLimitMb,
		maxUsers: PLANS[id].maxUsers,
		ocrPriority: PLANS[id].ocrPriority,
		apiAccess: PLANS[id].apiAccess,
		features: [...PLANS[id].features],
		isRecommended: id === RECOMMENDED_PLAN,
	}))
}

export type CatalogueEntry = ReturnType<typeof planCatalogue>[number]
