import type { ReactNode } from 'react'
import { Card } from '#app/components/ui/card.tsx'

/** One titled block of the Settings page. */
export function SettingsSection({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
	return (
		<Card id={id} aria-labelledby={`${id}-title`} role="region">
			<h2 id={`${id}-title`} className="text-lg font-semibold">
				{title}
			</h2>
			{description ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{description}</p> : null}
			<div className="mt-5">{children}</div>
		</Card>
	)
}

/** True while the page's form with this intent is being submitted. */
export function isSubmittingIntent(navigation: { state: string; formData?: FormData }, intent: string) {
	return navigation.state !== 'idle' && navigation.formData?.get('intent') === intent
}
