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
		features: [
			'10 GB storage',
			'Premium OCR',
			'Up to 20 users',
			'Full API',
			'Dedicated support',
			'Custom integrations',
		],
	},
} as const

export type PlanId = keyof typeof PLANS
export const TRIAL_DAYS = 14

/** graphile-worker priority (lower runs first): premium OCR before high before standard. */
export function ocrJobPriority(plan: PlanId) {
	return { premium: 0, high: 5, standard: 10 }[PLANS[plan].ocrPriority]
}
