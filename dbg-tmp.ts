import { readFile } from 'node:fs/promises'
import { createPaddleEngine } from './server/extraction/paddle-engine.ts'
import { openPdf } from './server/extraction/pdf-text.ts'
import { renderLetterheadBand, readRenderedLetterhead, pictureWords } from './server/extraction/letterhead-band.ts'
import sharp from 'sharp'
import { pgmImage } from './server/extraction/image-preprocess.ts'
import { boxesFromOcrWords } from './server/extraction/table-reader.ts'
const e = createPaddleEngine()
for (const f of process.argv.slice(2)) {
  const doc = await openPdf(await readFile(f))
  const band = await renderLetterheadBand(doc)
  const { data, info } = await sharp(Buffer.from(band.image.data), { raw: { width: band.image.width, height: band.image.height, channels: band.image.channels } }).flatten({ background: '#fff' }).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true })
  const r = await e.recognize(pgmImage(info.width, info.height, new Uint8Array(data)).image)
  const pic = pictureWords(boxesFromOcrWords(r.words ?? []), band.textBoxes)
  console.log(f, '\n picture words:', pic.map(b => `${b.text}@${Math.round(b.top)},${Math.round(b.left)},h${Math.round(b.bottom-b.top)}`).join(' | '))
  console.log(' letterhead:', JSON.stringify(await readRenderedLetterhead(e, band)))
}
await e.close()
