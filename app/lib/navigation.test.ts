import { describe, expect, it } from 'vitest'
import { adminDisplayName, adminNavFor, isAdminNavActive, PATIENT_NAV } from './navigation.ts'

describe('admin navigation', () => {
	it('shows System Health to the superadmin only', () => {
		expect(adminNavFor('superadmin').map((item) => item.label)).toContain('System Health')
		expect(adminNavFor('admin').map((item) => item.label)).not.toContain('System Health')
		expect(adminNavFor('admin')).toHaveLength(9)
		expect(adminNavFor('admin').map((item) => item.label)).toContain('Audit Log')
	})

	it('highlights on equality or prefix, the dashboard on equality only', () => {
		expect(isAdminNavActive('/admin', '/admin')).toBe(true)
		expect(isAdminNavActive('/admin', '/admin/users')).toBe(false)
		expect(isAdminNavActive('/admin/users', '/admin/users')).toBe(true)
		expect(isAdminNavActive('/admin/users', '/admin/users/create')).toBe(true)
		expect(isAdminNavActive('/admin/users', '/admin/usersx')).toBe(false)
	})

	it('names the admin by name, else e-mail, else Admin User', () => {
		expect(adminDisplayName({ name: 'Ada', email: 'a@x.io' })).toBe('Ada')
		expect(adminDisplayName({ name: ' ', email: 'a@x.io' })).toBe('a@x.io')
		expect(adminDisplayName({})).toBe('Admin User')
	})
})

describe('patient navigation', () => {
	it('has the two groups of the spec in order', () => {
		expect(PATIENT_NAV.map((group) => group.group)).toEqual(['Main', 'Personal'])
		expect(PATIENT_NAV[0].items.map((item) => item.to)).toEqual(['/', '/records', '/appointments', '/medications', '/trends', '/upload'])
		expect(PATIENT_NAV[1].items.map((item) => item.to)).toEqual(['/share-records', '/notifications', '/profile', '/settings', '/subscription'])
	})
})
