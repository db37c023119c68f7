/** How long a share link works: the choices of the form (7 days by default) and the instant they give. */
export const SHARE_EXPIRY_OPTIONS = ['24h', '7d', '30d', 'never'] as const

export type ShareExpiry = (typeof SHARE_EXPIRY_OPTIONS)[number]

export const DEFAULT_SHARE_EXPIRY: ShareExpiry = '7d'

export const SHARE_EXPIRY_LABELS: Record<ShareExpiry, string> = {
	'24h': '24 hours',
	'7d': '7 days',
	'30d': '30 days',
	never: 'Never',
}

const HOUR_MS = 60 * 60 * 1000

const EXPIRY_MS: Record<Exclude<ShareExpiry, 'never'>, number> = {
	'24h': 24 * HOUR_MS,
	'7d': 7 * 24 * HOUR_MS,
	'30d': 30 * 24 * HOUR_MS,
}

/** When a link made at `now` stops working; null for 'never'. */
export function shareExpiresAt(expiry: ShareExpiry, now: Date): Date | null {
	return expiry === 'never' ? null : new Date(now.getTime() + EXPIRY_MS[expiry])
}

/** True once the link's expiry has passed (never for a link without one). */
export function hasShareExpired(expiresAt: Date | string | null, now: Date): boolean {
	return expiresAt !== null && new Date(expiresAt).getTime() <= now.getTime()
}
