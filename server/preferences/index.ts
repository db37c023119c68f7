/**
 * A user's saved preferences (notification switches, theme): platform code
 * that notifications read on every write, below the account pages that edit
 * them (docs/decisions/026-layers.md).
 */
export { getUserPreferences, getUsersPreferences, updateUserPreferences } from './preferences.ts'
export { DEFAULT_PREFERENCES } from './shared/preferences.ts'
