import { Form, useNavigation } from '@remix-run/react'
import { Button } from '#app/components/ui/button.tsx'
import { THEMES, type Theme } from '#server/preferences/shared/preferences.ts'
import { THEME_LABELS } from '#server/account/shared/schemas.ts'
import { isSubmittingIntent, SettingsSection } from './section.tsx'

const THEME_HINTS: Record<Theme, string> = {
	light: 'Always light.',
	dark: 'Always dark.',
	system: 'Follows your device.',
}

export function AppearanceForm({ theme }: { theme: Theme }) {
	const isSaving = isSubmittingIntent(useNavigation(), 'theme')
	return (
		<SettingsSection id="appearance" title="Appearance">
			<Form method="post">
				<input type="hidden" name="intent" value="theme" />
				<fieldset>
					<legend className="text-sm font-medium">Theme</legend>
					<div className="mt-3 grid gap-3 sm:grid-cols-3">
						{THEMES.map((value) => (
							<label
								key={value}
								className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 p-3 has-[:checked]:border-brand-600 dark:border-slate-700"
							>
								<input type="radio" name="theme" value={value} defaultChecked={value === theme} className="mt-1 accent-brand-600" />
								<span>
									<span className="block text-sm font-medium">{THEME_LABELS[value]}</span>
									<span className="block text-sm text-slate-600 dark:text-slate-300">{THEME_HINTS[value]}</span>
								</span>
							</label>
						))}
					</div>
				</fieldset>
				<Button type="submit" className="mt-4" isPending={isSaving}>
					Save Appearance
				</Button>
			</Form>
		</SettingsSection>
	)
}
