import { isServedOverHttps, readCookie } from '#server/auth/cookies.ts'
import { getUserPreferences } from '#server/preferences/index.ts'
import { DEFAULT_PREFERENCES, THEMES, type Theme } from '#server/preferences/shared/preferences.ts'

/**
 * The theme travels in a cookie so the root loader can put it on <html>
 * before the first paint (class `dark`, or `data-theme="system"` for the
 * device's choice, app/tailwind.css). The user's stored preference is the
 * source: Settings writes both, and signing in sets the cookie from it.
 */
export const THEME_COOKIE = 'carebook_theme'
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60

export function themeOfRequest(request: Request): Theme {
	const value = readCookie(request, THEME_COOKIE)
	return (THEMES as readonly string[]).includes(value ?? '') ? (value as Theme) : DEFAULT_PREFERENCES.theme
}

export function themeCookie(theme: Theme, request: Request) {
	const attributes = [`${THEME_COOKIE}=${theme}`, 'Path=/', 'SameSite=Lax', 'HttpOnly', `Max-Age=${ONE_YEAR_SECONDS}`]
	if (isServedOverHttps(request)) attributes.push('Secure')
	return attributes.join('; ')
}

/** The theme cookie of a user who just signed in: their stored preference, on this device too. */
export async function signedInThemeCookie(userId: string, request: Request) {
	return themeCookie((await getUserPreferences(userId)).theme, request)
}
