import { readFile, writeFile } from 'node:fs/promises'
import { createDefaultOcrEngine, createDefaultPaddleEngine, extractDocument, closeDefaultOcrEngine } from '#server/extraction/index.ts'
const paddle = createDefaultPaddleEngine()!
const dumps: unknown[] = []
const wrapped = { ...paddle, name: paddle.name, parallelism: paddle.parallelism, async recognize(image: Buffer, options: any) { const r = await paddle.recognize(image, options); dumps.push(r.words); return r } }
const file = process.argv[2]
await extractDocument({ bytes: await readFile(file), fileName: 'x.jpg', ocr: createDefaultOcrEngine(), paddle: wrapped as any })
await writeFile('/tmp/paddle-words.json', JSON.stringify(dumps))
await closeDefaultOcrEngine()
process.exit(0)
