import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, vi } from 'vitest'
import { captureProcessOutput } from './captured-output.ts'

/** The web process (as `npm run dev` or `npm start` builds it, after NODE_ENV) listening on a free loopback port. */
export async function startHttpApp(): Promise<{ server: Server; base: string }> {
	const { createHttpApp } = await import('#server/http/app.ts')
	const app = await createHttpApp()
	const server = app.listen(0, '127.0.0.1')
	await new Promise<void>((resolve) => server.once('listening', () => resolve()))
	return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

/**
 * For a test file: the web process started before its tests (after the
 * `beforeAll`s registered earlier) at LOG_LEVEL `logLevel`, with everything
 * the process writes captured in `written`; stopped after them.
 */
export function useHttpApp(options: { logLevel: 'debug' | 'info' }) {
	const state = { base: '', written: [] as string[], server: undefined as Server | undefined }
	beforeAll(async () => {
		vi.stubEnv('LOG_LEVEL', options.logLevel)
		state.written = captureProcessOutput()
		const started = await startHttpApp()
		state.server = started.server
		state.base = started.base
	}, 120_000)
	afterAll(async () => {
		await new Promise<void>((resolve) => (state.server ? state.server.close(() => resolve()) : resolve()))
		vi.restoreAllMocks()
		vi.unstubAllEnvs()
	})
	return state
}

/** The JSON lines the logger wrote into captured output. */
export function loggedLines(written: string[]): Array<Record<string, unknown>> {
	return written
		.join('')
		.split('\n')
		.filter((line) => line.startsWith('{'))
		.map((line) => JSON.parse(line) as Record<string, unknown>)
}
