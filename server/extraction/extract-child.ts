import { readFile } from 'node:fs/promises'
import { serialize } from 'node:v8'
import { closeDefaultTesseractEngine } from './ocr/ocr-engine.ts'
import { extractDocument, rejectedResult } from './extract-document.ts'
import { MAX_RESULT_BYTES } from './intake/limits.ts'
import { REJECTION_MESSAGES } from './intake/messages.ts'
import { loadPdfjs } from './pages/pdf-text.ts'
import { renderPreview } from './pages/preview.ts'
import type { ExtractionResult, FileKind } from './types.ts'

/**
 * The entry point of a warm extraction process (started and recycled by
 * isolated-extract.ts): it loads the extraction modules, says 'ready', then
 * extracts the documents it is sent, one at a time. For each it receives the
 * path of the file (a temporary copy the worker made, bounded by the upload
 * limit) over IPC, reads it, runs extractDocument and renderPreview, stops
 * the tesseract processes it started and sends the result back (refused as
 * 'too_large_to_process' when it would be more than MAX_RESULT_BYTES). PaddleOCR
 * keeps its models loaded for the next document. After an error it exits (the
 * worker starts another). It never logs: anything it could print may hold
 * document content.
 */

export type ExtractRequest = { type: 'extract'; filePath: string; fileName: string; kind: FileKind }
export type ExtractReply = { type: 'ready' } | { type: 'result'; result: ExtractionResult; preview: Uint8Array | null } | { type: 'error'; errorName: string }

function send(message: ExtractReply): Promise<void> {
	return new Promise((resolve, reject) => process.send!(message, undefined, undefined, (error) => (error ? reject(error) : resolve())))
}

if (!process.send) {
	console.error('extract-child runs as a child process of the worker only')
	process.exit(2)
}

// The worker went away (crashed or killed): stop too.
process.on('disconnect', () => process.exit(1))

process.on('message', async (message: ExtractRequest) => {
	try {
		const started = performance.now()
		const bytes = await readFile(message.filePath)
		let result = await extractDocument({ bytes, fileName: message.fileName })
		// what reaches the worker is bounded: a result past MAX_RESULT_BYTES is refused here, for good
		if (serialize(result).byteLength > MAX_RESULT_BYTES)
			result = rejectedResult('too_large_to_process', REJECTION_MESSAGES.too_large_to_process, message.fileName, started)
		const preview = result.accepted ? await renderPreview({ bytes, kind: message.kind }) : null
		// nothing this document started outlives it
		await closeDefaultTesseractEngine()
		await send({ type: 'result', result, preview })
	} catch (error) {
		await send({ type: 'error', errorName: error instanceof Error ? error.name : 'unknown' }).catch(() => {})
		process.exit(1)
	}
})

// Loaded before saying ready, so that a document waits for none of it.
await loadPdfjs()
await import('@napi-rs/canvas')
await send({ type: 'ready' })
