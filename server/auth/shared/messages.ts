/** User-facing authentication texts (spec sections 5 and 8). */
export const AUTH_MESSAGES = {
	missingCredentials: 'Please enter both email and password',
	loginFailed: 'Failed to log in. Please check your credentials.',
	passwordsDoNotMatch: 'Passwords do not match',
	fillAllFields: 'Please fill in all fields',
	registrationFailed: 'Failed to create an account. Please try again.',
	invalidEmail: 'Please enter a valid email address',
	passwordTooShort: 'Password must be at least 8 characters',
	adminInvalid: 'Invalid email or password',
	accountLocked: 'Account is locked due to multiple failed login attempts. Please try again later.',
	tooManyAttempts: 'Too many login attempts. Please try again later.',
	serverError: 'Server error. Please try again later.',
	adminLoginFailed: 'Login failed. Please check your credentials and try again.',
	accountDeactivated: 'This account has been deactivated. Contact support to reactivate it.',
	twoFactorRequired:
		'Your organization requires two-factor authentication, which is not set up on this account. Contact your organization’s administrator to set it up.',
	adminRestricted: 'This portal is restricted to authorized administrators.',
	dateOfBirthHint:
		'Optional. Reports and files name the patient they are for; with your date of birth as well as your name, Carebook can tell your records from someone else’s and asks “Is this you?” when they differ.',
	dateOfBirthInvalid: 'Enter a valid date of birth, or leave it empty.',
} as const

/** The second factor's texts (Settings and both portals' code page). */
export const TWO_FACTOR_MESSAGES = {
	enabled: 'Two-factor authentication enabled',
	enabledDescription: 'Save your recovery codes now: they are shown only once.',
	disabled: 'Two-factor authentication disabled',
	alreadyEnabled: 'Two-factor authentication is already enabled.',
	codeInvalid: 'The code is not correct. Please try again.',
	codeRequired: 'Enter the 6-digit code from your authenticator app.',
	locked: 'Too many wrong codes. Please try again later.',
	challengeExpired: 'Your sign-in has expired. Please sign in again.',
} as const

/** The admin login's text for each answer status (spec section 8). */
export function adminLoginMessage(status: number) {
	if (status === 401) return AUTH_MESSAGES.adminInvalid
	if (status === 423) return AUTH_MESSAGES.accountLocked
	if (status === 429) return AUTH_MESSAGES.tooManyAttempts
	if (status >= 500) return AUTH_MESSAGES.serverError
	return AUTH_MESSAGES.adminLoginFailed
}
