import { readFileSync } from 'node:fs'
import { numberTextLines, layoutOcrWords } from '#server/extraction/ocr/ocr-layout.ts'
const d = JSON.parse(readFileSync('/tmp/paddle-words.json', 'utf8'))
console.log(layoutOcrWords(numberTextLines(d[0])))
