export { publicUser, type PublicUser } from './public-user.ts'
export { getUserPreferences, getUsersPreferences, updateUserPreferences } from './preferences.ts'
export { DEFAULT_PREFERENCES, PreferencesPatchSchema, THEMES, type PreferencesPatch, type Theme, type UserPreferences } from './shared/preferences.ts'
export { getProfile, updateProfile, confirmEmailChange, CONFIRM_EMAIL_PATH, type Profile } from './profile.ts'
export { changePassword, deactivateAccount, setAccountStatus, type AccountActor } from './security.ts'
export { requestPasswordReset, resetPassword, sendPasswordResetByAdmin, RESET_PASSWORD_PATH } from './password-reset.ts'
export { isAccountTokenUsable } from './account-tokens.ts'
export {
	buildDataExport,
	deleteExpiredDataExports,
	failDataExport,
	listDataExports,
	openDataExport,
	requestDataExport,
	EXPORT_LIFETIME_DAYS,
	type DataExportSummary,
} from './data-export.ts'
export { themeCookie, themeOfRequest, signedInThemeCookie } from './theme.ts'
export { getSettings, getTwoFactorView } from './settings.ts'
