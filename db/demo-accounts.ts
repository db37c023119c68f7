/** Demo-mode accounts: seeded into an empty database, shown on the sign-in page only in demo mode. */
export const DEMO_ACCOUNTS = {
	patient: { name: 'Jordan Rivera', email: 'patient@carebook.demo', password: 'Demo-patient-2026' },
	superadmin: { name: 'Sam Okafor', email: 'superadmin@carebook.demo', password: 'Demo-superadmin-2026' },
} as const
