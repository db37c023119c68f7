/** User-facing texts of the account screens (spec sections 2.12, 2.13, 5 and 8; ours where the spec has none). */
export const ACCOUNT_MESSAGES = {
	profileTitle: 'My Profile',
	notSet: 'Not set',
	profileSaved: 'Profile updated',
	profileSavedDescription: 'Your profile has been saved.',
	emailTaken: 'An account with this email already exists.',
	invalidEmail: 'Please enter a valid email address',
	invalidPhone: 'Enter the phone number in international format, for example +1 555 123 4567.',
	invalidTimeZone: 'Choose a time zone from the list.',
	nameRequired: 'Please enter your full name.',
	currentPasswordForEmail: 'Enter your current password to change your email address.',
	wrongCurrentPassword: 'The current password is not correct.',
	tooManyPasswordAttempts: 'Too many wrong passwords. Please try again later.',
	emailChangeSent: 'Confirm your new email address',
	emailChangeSentDescription: 'We sent a confirmation link to the new address. Your email changes when you open it.',
	emailChangeConfirmed: 'Email address changed',
	emailChangeConfirmedDescription: 'Your account now uses the new email address.',
	linkInvalid: 'This link is invalid or has expired. Please ask for a new one.',
	userNotFound: 'User not found',
	resetNeedsActiveAccount: 'This account is not active. Activate it before sending a password reset link.',
	resetLinkSent: 'Password reset e-mail sent',
	resetLinkSentDescription: 'The user received a link to choose a new password. It works once, for one hour.',

	preferencesSaved: 'Notification preferences saved',
	passwordsDoNotMatch: 'New passwords do not match.',
	fillAllPasswordFields: 'Please fill in all password fields.',
	passwordTooShort: (min: number) => `The new password must be at least ${min} characters.`,
	passwordTooCommon: 'This password is too common. Please choose another one.',
	passwordSameAsCurrent: 'The new password must differ from the current one.',
	passwordChanged: 'Password changed',
	passwordChangedDescription: 'Your password has been changed. Other sessions have been signed out.',


	exportInitiated: 'Data export process initiated',
	exportInitiatedDescription: 'You will receive an email.',
	exportReadyTitle: 'Your data export is ready',
	exportReadyMessage: 'Download it from Settings within 7 days. After that it is deleted.',
	exportDeleted: 'Expired and deleted',
	exportInProgress: 'An export is already being prepared.',

	deactivateTitle: 'Are you sure you want to deactivate?',
	deactivateDescription:
		'Your account will be disabled and you will be logged out. Contact support to have it reactivated.',
	deactivateFailed: 'Failed to deactivate account. Please try again.',
	deactivated: 'Account deactivated successfully.',

	themeSaved: 'Appearance updated',
	chooseTheme: 'Choose Light, Dark or System.',

	resetRequested: 'Check your email',
	resetRequestedDescription:
		'If an account exists for that address, we sent a link to reset its password. The link is valid for one hour.',
	resetEmailUnavailable:
		'E-mail is not available on this server, so no reset link can be sent. Please contact your administrator to reset your password.',
	adminResetEmailUnavailable: 'E-mail is not available on this server (no e-mail relay is configured), so no reset link can be sent.',
	resetTooMany: 'Too many reset requests. Please try again later.',
	resetDone: 'Password reset',
	resetDoneDescription: 'Your password has been reset. Please sign in with the new one.',
} as const

export const MIN_PASSWORD_LENGTH = 10
