import { readdirSync, readFileSync } from 'node:fs'
import http from 'node:http'
import { BASE_URL, createAdmin, createPatient, expect, test } from './fixtures.ts'

const base = new URL(BASE_URL)

/** The web server's process (server/http/main.ts listening on this port), found through /proc. */
function webServerPid() {
	const candidates = new Map<number, number>()
	for (const entry of readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue
		try {
			const commandLine = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0')
			if (!commandLine.some((part) => part.endsWith('server/http/main.ts'))) continue
			const environment = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0')
			if (!environment.includes(`PORT=${base.port}`)) continue
			const parent = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1])
			candidates.set(Number(entry), parent)
		} catch {
			// gone or not ours
		}
	}
	// tsx runs the script in a child of its own: the one whose parent is also a candidate.
	const pids = [...candidates.keys()]
	const child = pids.find((pid) => candidates.has(candidates.get(pid)!))
	if (child ?? pids.length === 1) return child ?? pids[0]!
	throw new Error(`web server process not found (${pids.length} candidates)`)
}

function rssBytes(pid: number) {
	const line = readFileSync(`/proc/${pid}/status`, 'utf8')
		.split('\n')
		.find((entry) => entry.startsWith('VmRSS:'))!
	return Number(line.replace(/\D+/g, '')) * 1024
}

/**
 * Posts `totalBytes` of form body in 64 KB pieces (with a Content-Length, or
 * chunked) over a keep-alive connection as a browser does, sending all of it;
 * resolves with the answer, when it came and how much had been sent by then.
 */
function postLargeForm(path: string, totalBytes: number, options: { isChunked: boolean }) {
	return new Promise<{ status: number; body: string; bytesSentBeforeAnswer: number; msToAnswer: number }>((resolve, reject) => {
		const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', origin: BASE_URL }
		if (!options.isChunked) headers['content-length'] = String(totalBytes)
		const agent = new http.Agent({ keepAlive: true })
		const request = http.request({ host: base.hostname, port: base.port, path, method: 'POST', headers, agent })
		const piece = Buffer.alloc(64 * 1024, 'a')
		piece.write('email=a%40b.test&password=x&note=')
		const started = performance.now()
		let sent = 0
		request.on('response', (response) => {
			const bytesSentBeforeAnswer = sent
			const msToAnswer = performance.now() - started
			let body = ''
			response.setEncoding('utf8')
			response.on('data', (text: string) => (body += text))
			response.on('end', () => {
				agent.destroy()
				resolve({ status: response.statusCode!, body, bytesSentBeforeAnswer, msToAnswer })
			})
			response.on('error', reject)
		})
		request.on('error', reject)
		const writeMore = () => {
			while (sent < totalBytes) {
				const slice = piece.subarray(0, Math.min(piece.length, totalBytes - sent))
				sent += slice.length
				if (!request.write(slice)) return void request.once('drain', writeMore)
			}
			request.end()
		}
		writeMore()
	})
}

test.describe('request bodies are bounded', () => {
	test.describe.configure({ mode: 'serial' })

	for (const isChunked of [false, true]) {
		test(`a 60 MB form post to /login (${isChunked ? 'chunked' : 'with a length'}) gets 413 quickly and the web process barely grows`, async () => {
			const pid = webServerPid()
			const before = rssBytes(pid)
			let peak = before
			const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 10)
			try {
				const answer = await postLargeForm('/login', 60 * 1024 * 1024, { isChunked })
				expect(answer.status).toBe(413)
				expect(answer.body).toBe('Request body too large.')
				console.log(`413 after ${Math.round(answer.msToAnswer)} ms, ${(answer.bytesSentBeforeAnswer / 1024 / 1024).toFixed(1)} MB sent by then`)
				// Refused at the headers (or past the first MB when chunked), not after reading 60 MB.
				expect(answer.msToAnswer).toBeLessThan(5_000)
				expect(answer.bytesSentBeforeAnswer).toBeLessThan(60 * 1024 * 1024)
			} finally {
				clearInterval(sampler)
			}
			await new Promise((resolve) => setTimeout(resolve, 200))
			peak = Math.max(peak, rssBytes(pid))
			const growthMb = (peak - before) / 1024 / 1024
			console.log(`RSS before ${(before / 1024 / 1024).toFixed(1)} MB, peak growth ${growthMb.toFixed(1)} MB`)
			expect(growthMb).toBeLessThan(50)
		})
	}

	test('a form post within the limit still works', async ({ request }) => {
		const response = await request.post('/login', {
			form: { email: 'nobody@example.test', password: 'Wrong-horse-9', padding: 'x'.repeat(900_000) },
			maxRedirects: 0,
		})
		expect(response.status()).toBe(401)
	})
})

test.describe('sign-in sends the browser only to this site', () => {
	const HOSTILE = ['/\t/evil.example/x', '/\\evil.example', '//evil.example', '/%2F/evil.example', 'https://evil.example/', '/\n/evil.example']

	for (const redirectTo of HOSTILE) {
		test(`patient sign-in ignores redirectTo ${JSON.stringify(redirectTo)}`, async ({ request }) => {
			const patient = await createPatient()
			const response = await request.post('/login', {
				form: { email: patient.email, password: patient.password, redirectTo },
				maxRedirects: 0,
			})
			expect(response.status()).toBe(302)
			expect(response.headers()['location']).toBe('/')
		})
	}

	test('patient sign-in keeps a same-site redirectTo', async ({ request }) => {
		const patient = await createPatient()
		const response = await request.post('/login', {
			form: { email: patient.email, password: patient.password, redirectTo: '/records?q=blood%20test#top' },
			maxRedirects: 0,
		})
		expect(response.headers()['location']).toBe('/records?q=blood%20test#top')
	})

	test('admin sign-in ignores a hostile redirectTo and keeps an admin path', async ({ request }) => {
		const admin = await createAdmin('admin')
		for (const redirectTo of HOSTILE) {
			const response = await request.post('/admin/login', {
				form: { email: admin.email, password: admin.password, redirectTo },
				maxRedirects: 0,
			})
			expect(response.status(), redirectTo).toBe(302)
			expect(response.headers()['location'], redirectTo).toBe('/admin')
		}
		const response = await request.post('/admin/login', {
			form: { email: admin.email, password: admin.password, redirectTo: '/admin/system' },
			maxRedirects: 0,
		})
		expect(response.headers()['location']).toBe('/admin/system')
	})
})
