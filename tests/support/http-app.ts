import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** The web process (as `npm run dev` or `npm start` builds it, after NODE_ENV) listening on a free loopback port. */
export async function startHttpApp(): Promise<{ server: Server; base: string }> {
	const { createHttpApp } = await import('#server/http/app.ts')
	const app = await createHttpApp()
	const server = app.listen(0, '127.0.0.1')
	await new Promise<void>((resolve) => server.once('listening', () => resolve()))
	return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

export function stopHttpApp(server: Server | undefined) {
	return new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
}

/** The JSON lines the logger wrote into captured output. */
export function loggedLines(written: string[]): Array<Record<string, unknown>> {
	return written
		.join('')
		.split('\n')
		.filter((line) => line.startsWith('{'))
		.map((line) => JSON.parse(line) as Record<string, unknown>)
}
