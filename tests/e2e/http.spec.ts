import { expect, test } from './fixtures.ts'

test('healthz answers 200 when the database answers', async ({ request }) => {
	const response = await request.get('/healthz')
	expect(response.status()).toBe(200)
	expect(await response.text()).toBe('ok')
})

test('every page carries the security headers', async ({ request }) => {
	const response = await request.get('/login')
	const headers = response.headers()
	expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
	expect(headers['content-security-policy']).not.toContain('unsafe-eval')
	expect(headers['x-content-type-options']).toBe('nosniff')
	expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
})

test('a cross-site form post is refused and changes nothing', async ({ request }) => {
	const response = await request.post('/register', {
		headers: { Origin: 'https://evil.example' },
		form: { name: 'Mallory', email: 'mallory@example.test', password: 'Correct-horse-9', confirmPassword: 'Correct-horse-9' },
		maxRedirects: 0,
	})
	expect(response.status()).toBe(403)
	const login = await request.post('/login', {
		form: { email: 'mallory@example.test', password: 'Correct-horse-9' },
		maxRedirects: 0,
	})
	expect(login.status()).toBe(401)
})

test('tRPC answers UNAUTHORIZED without a session and the signed-in user with one', async ({ page, request, login }) => {
	const anonymous = await request.get('/api/trpc/account.me')
	expect(anonymous.status()).toBe(401)
	expect(JSON.stringify(await anonymous.json())).toContain('UNAUTHORIZED')

	const patient = await login({ name: 'Trina Pc' })
	const signedIn = await page.request.get('/api/trpc/account.me')
	expect(signedIn.status()).toBe(200)
	expect((await signedIn.json()).result.data.json).toMatchObject({ email: patient.email, name: 'Trina Pc' })
})

test('the browser is sent to the login page when a client call answers 401', async ({ page, login }) => {
	await login()
	await page.goto('/')
	await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
	// The header search's typeahead is a client-side query (tRPC); its code loads after the page.
	const search = page.getByRole('combobox', { name: 'Search' })
	await expect(search).toBeVisible()
	await page.context().clearCookies()
	// The query now answers 401: the client sends the browser to sign in and back here. A call the
	// page makes on its own (a refetch) may answer 401 first and leave no search box to type in.
	const redirected = page.waitForURL(/\/login\?redirectTo=%2F$/)
	await Promise.race([search.fill('blood').catch(() => undefined), redirected])
	await redirected
	await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
})
