export { publicUser, type PublicUser } from './public-user.ts'
export { getUserPreferences, updateUserPreferences } from './preferences.ts'
export { DEFAULT_PREFERENCES, PreferencesPatchSchema, THEMES, type PreferencesPatch, type Theme, type UserPreferences } from './shared/preferences.ts'
