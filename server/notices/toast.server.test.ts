import { describe, expect, it } from 'vitest'
import { getToast, redirectWithToast } from './toast.server.ts'

const PAGE = 'http://localhost/appointments/1'

/** The request a browser sends next with the cookie of `response`. */
function followWithCookie(response: Response, url = PAGE) {
	const cookie = response.headers.get('set-cookie')!.split(';')[0]!
	return new Request(url, { headers: { cookie } })
}

describe('flash toast', () => {
	it('redirects with a cookie the next request reads once, and clears it', async () => {
		const response = await redirectWithToast(new Request(PAGE, { method: 'POST' }), '/appointments', {
			title: 'Appointment Deleted',
			description: 'The appointment has been removed.',
			tone: 'success',
		})
		expect(response.status).toBe(302)
		expect(response.headers.get('location')).toBe('/appointments')
		const setCookie = response.headers.get('set-cookie')!
		expect(setCookie).toMatch(/^carebook_toast=/)
		expect(setCookie).toMatch(/HttpOnly/i)
		expect(setCookie).toMatch(/SameSite=Lax/i)

		const { toast, headers } = await getToast(followWithCookie(response))
		expect(toast).toMatchObject({ title: 'Appointment Deleted', description: 'The appointment has been removed.', tone: 'success' })
		expect(toast!.id).toMatch(/^[0-9a-f-]{36}$/)
		expect(headers!.get('set-cookie')).toMatch(/^carebook_toast=;.*Max-Age=0/i)
	})

	it('gives every notice its own id, so the same text twice shows twice', async () => {
		const request = new Request(PAGE, { method: 'POST' })
		const first = await getToast(followWithCookie(await redirectWithToast(request, '/', { title: 'Filters Reset' })))
		const second = await getToast(followWithCookie(await redirectWithToast(request, '/', { title: 'Filters Reset' })))
		expect(first.toast!.id).not.toBe(second.toast!.id)
		expect(first.toast).toMatchObject({ description: null, tone: 'info' })
	})

	it('ignores a missing or tampered cookie and clears nothing', async () => {
		expect(await getToast(new Request(PAGE))).toEqual({ toast: null, headers: null })
		const forged = `carebook_toast=${Buffer.from(JSON.stringify({ id: 'x', title: 'Your account is locked', tone: 'error' })).toString('base64')}`
		expect(await getToast(new Request(PAGE, { headers: { cookie: forged } }))).toEqual({ toast: null, headers: null })
	})

	it('uses the __Host- name and Secure over https', async () => {
		const response = await redirectWithToast(new Request('https://carebook.example/x', { method: 'POST' }), '/', { title: 'Saved' })
		expect(response.headers.get('set-cookie')).toMatch(/^__Host-carebook_toast=.*Secure/i)
		const { toast } = await getToast(followWithCookie(response, 'https://carebook.example/'))
		expect(toast?.title).toBe('Saved')
	})

	it('keeps other headers the redirect was given', async () => {
		const response = await redirectWithToast(new Request(PAGE, { method: 'POST' }), '/', { title: 'Saved' }, { headers: { 'Set-Cookie': 'other=1; Path=/' } })
		expect(response.headers.getSetCookie()).toHaveLength(2)
	})
})
