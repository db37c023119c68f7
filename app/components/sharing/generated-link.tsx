import { useEffect } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { inputClassName } from '#app/components/ui/field.tsx'
import { toast } from '#app/components/ui/toast.tsx'
import { SHARE_MESSAGES } from '#server/sharing/shared/messages.ts'

/**
 * 'Secure Link Generated': the link (shown once: only its hash is stored),
 * a Copy link button, and its QR code for showing to a doctor in person.
 */
export function GeneratedLink({
	url,
	qrCode,
	expiresOn,
	hasPasscode,
	isHydrated,
}: {
	url: string
	qrCode: string
	expiresOn: string
	/** The link asks for a passcode: the message says so. */
	hasPasscode: boolean
	isHydrated: boolean
}) {
	useEffect(() => {
		toast({ id: `share-link-${url.slice(-12)}`, title: SHARE_MESSAGES.linkGenerated, tone: 'success' })
	}, [url])

	async function copy() {
		try {
			await navigator.clipboard.writeText(url)
			toast({ title: SHARE_MESSAGES.linkCopied, tone: 'success' })
		} catch {
			toast({ title: SHARE_MESSAGES.copyFailed, tone: 'error' })
		}
	}

	return (
		<section
			aria-labelledby="generated-link-heading"
			className="space-y-4 rounded-lg border border-emerald-200 bg-emerald-50 p-4 dark:border-emerald-900 dark:bg-emerald-950"
			data-testid="generated-link"
		>
			<div>
				<h3 id="generated-link-heading" className="font-semibold text-emerald-900 dark:text-emerald-100">
					{SHARE_MESSAGES.linkGenerated}
				</h3>
				<p className="mt-1 text-sm text-emerald-900 dark:text-emerald-100" data-testid="generated-link-description">
					{hasPasscode ? SHARE_MESSAGES.linkGeneratedWithPasscode : SHARE_MESSAGES.linkGeneratedDescription} Expires: {expiresOn}.
				</p>
			</div>
			<div className="flex flex-wrap gap-2">
				<label htmlFor="generated-link-url" className="sr-only">
					Share link
				</label>
				<input
					id="generated-link-url"
					readOnly
					value={url}
					className={`${inputClassName} min-w-0 flex-1 font-mono`}
					onFocus={(event) => event.currentTarget.select()}
				/>
				<Button variant="secondary" onClick={copy} disabled={!isHydrated}>
					{SHARE_MESSAGES.copyLink}
				</Button>
			</div>
			<div className="flex flex-wrap items-center gap-4">
				<img src={qrCode} alt={SHARE_MESSAGES.qrCodeAlt} width={176} height={176} className="rounded-md bg-white p-1" />
				<p className="max-w-xs text-sm text-emerald-900 dark:text-emerald-100">{SHARE_MESSAGES.qrCodeHint}</p>
			</div>
		</section>
	)
}
