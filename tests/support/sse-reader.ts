/** Reads Server-Sent Events from a stream body: each message's id and parsed data, as they arrive. */
export type SseMessage = { id: string | null; data: { type: string; data: Record<string, unknown>; timestamp: string } }

export function readSse(body: ReadableStream<Uint8Array>) {
	const reader = body.getReader()
	const decoder = new TextDecoder()
	const messages: SseMessage[] = []
	const waiters: Array<() => void> = []
	let buffer = ''
	let isDone = false
	void (async () => {
		for (;;) {
			const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }))
			if (done) break
			buffer += decoder.decode(value, { stream: true })
			let end: number
			while ((end = buffer.indexOf('\n\n')) >= 0) {
				const block = buffer.slice(0, end)
				buffer = buffer.slice(end + 2)
				let id: string | null = null
				let data = ''
				for (const line of block.split('\n')) {
					if (line.startsWith('id: ')) id = line.slice(4)
					else if (line.startsWith('data: ')) data += line.slice(6)
				}
				if (data) messages.push({ id, data: JSON.parse(data) })
				for (const wake of waiters.splice(0)) wake()
			}
		}
		isDone = true
		for (const wake of waiters.splice(0)) wake()
	})()
	/** Waits until a message matches, or fails after `timeoutMs`. */
	async function next(match: (message: SseMessage) => boolean, timeoutMs = 5_000): Promise<SseMessage> {
		const deadline = Date.now() + timeoutMs
		for (;;) {
			const found = messages.find(match)
			if (found) return found
			if (isDone) throw new Error('stream ended')
			const left = deadline - Date.now()
			if (left <= 0) throw new Error('no matching event in time')
			await new Promise<void>((resolve) => {
				const timer = setTimeout(resolve, left)
				waiters.push(() => {
					clearTimeout(timer)
					resolve()
				})
			})
		}
	}
	return { messages, next, cancel: () => reader.cancel().catch(() => {}) }
}
