import { dictionary } from '@zxcvbn-ts/language-common'
import { ACCOUNT_MESSAGES, MIN_PASSWORD_LENGTH } from './shared/messages.ts'

/**
 * The new-password rule: at least MIN_PASSWORD_LENGTH characters and not in
 * the common-password list that zxcvbn-ts maintains (about 49,000 leaked
 * passwords, `@zxcvbn-ts/language-common`), compared lower-cased.
 */
let commonPasswords: Set<string> | undefined

function isCommonPassword(password: string) {
	commonPasswords ??= new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()))
	return commonPasswords.has(password.toLowerCase())
}

/** The message for a password that breaks the rule, or null when it is acceptable. */
export function newPasswordProblem(password: string): string | null {
	if ([...password].length < MIN_PASSWORD_LENGTH) return ACCOUNT_MESSAGES.passwordTooShort(MIN_PASSWORD_LENGTH)
	if (isCommonPassword(password)) return ACCOUNT_MESSAGES.passwordTooCommon
	return null
}
