import { z } from 'zod'

/** The themes of Settings > Appearance (spec 2.12); light is the default. */
export const THEMES = ['light', 'dark', 'system'] as const
export type Theme = (typeof THEMES)[number]

export type UserPreferences = {
	emailNotifications: boolean
	inAppNotifications: boolean
	theme: Theme
}

/** What a user has before saving anything (spec 2.12: both switches on, light theme). */
export const DEFAULT_PREFERENCES: UserPreferences = { emailNotifications: true, inAppNotifications: true, theme: 'light' }

/** A change to some of the preferences (the Settings form and its action share it). */
export const PreferencesPatchSchema = z
	.object({ emailNotifications: z.boolean(), inAppNotifications: z.boolean(), theme: z.enum(THEMES) })
	.partial()
	.strict()
export type PreferencesPatch = z.infer<typeof PreferencesPatchSchema>
