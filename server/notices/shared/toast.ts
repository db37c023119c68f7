import { z } from 'zod'

/**
 * A notice shown once after a redirect (docs/decisions/010-errors-and-notices.md).
 * The server writes it into a flash cookie (redirectWithToast), the root
 * loader reads it (getToast) and the Toaster shows it, with or without
 * JavaScript. Texts come from the domain's messages module (the spec's words).
 */
export const ToastSchema = z.object({
	/** Unique per notice, so the same text twice is shown twice and a revalidation does not repeat one. */
	id: z.string().min(1).max(64),
	title: z.string().min(1).max(200),
	description: z.string().max(500).nullable().default(null),
	tone: z.enum(['info', 'success', 'warning', 'error']).default('info'),
})

export type FlashToast = z.infer<typeof ToastSchema>
export type ToastTone = FlashToast['tone']

/** What a caller gives: the id is made for it. */
export type ToastInput = { title: string; description?: string | null; tone?: ToastTone }
