import { readFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { applyWindow, readDicomInfo, renderDicomPreview, smartCase } from './dicom.ts'
import { fixturesDir } from '#tests/support/fixture-manifest.ts'

const fixture = readFileSync(path.join(fixturesDir(path.resolve(import.meta.dirname, '../../..')), 'dicom/chest_pa.dcm'))

type Element = { group: number; element: number; vr: string; value: Buffer }

function encode({ group, element, vr, value }: Element): Buffer {
	const padded = value.length % 2 ? Buffer.concat([value, Buffer.from(vr === 'UI' || vr === 'OB' ? [0] : [0x20])]) : value
	const long = ['OB', 'OW', 'OF', 'SQ', 'UT', 'UN'].includes(vr)
	const head = Buffer.alloc(long ? 12 : 8)
	head.writeUInt16LE(group, 0)
	head.writeUInt16LE(element, 2)
	head.write(vr, 4, 'latin1')
	if (long) head.writeUInt32LE(padded.length, 8)
	else head.writeUInt16LE(padded.length, 6)
	return Buffer.concat([head, padded])
}

const str = (group: number, element: number, vr: string, value: string): Element => ({ group, element, vr, value: Buffer.from(value, 'latin1') })
const us = (group: number, element: number, value: number): Element => {
	const buffer = Buffer.alloc(2)
	buffer.writeUInt16LE(value)
	return { group, element, vr: 'US', value: buffer }
}

/** A minimal explicit-VR little-endian DICOM file. */
function buildDicom(elements: Element[], transferSyntax = '1.2.840.10008.1.2.1'): Buffer {
	const meta = Buffer.concat([str(0x0002, 0x0010, 'UI', transferSyntax)].map(encode))
	const groupLength = Buffer.alloc(4)
	groupLength.writeUInt32LE(meta.length)
	const body = Buffer.concat(elements.map(encode))
	return Buffer.concat([Buffer.alloc(128), Buffer.from('DICM', 'latin1'), encode({ group: 2, element: 0, vr: 'UL', value: groupLength }), meta, body])
}

function grey16(values: number[]): Buffer {
	const buffer = Buffer.alloc(values.length * 2)
	values.forEach((value, i) => buffer.writeUInt16LE(value, i * 2))
	return buffer
}

function image16(pixels: number[], extra: Element[], photometric = 'MONOCHROME2'): Buffer {
	return buildDicom([
		str(0x0008, 0x0060, 'CS', 'CT'),
		str(0x0010, 0x0010, 'PN', 'DOE^JANE'),
		us(0x0028, 0x0002, 1),
		str(0x0028, 0x0004, 'CS', photometric),
		us(0x0028, 0x0010, 1),
		us(0x0028, 0x0011, pixels.length),
		us(0x0028, 0x0100, 16),
		us(0x0028, 0x0101, 12),
		us(0x0028, 0x0102, 11),
		us(0x0028, 0x0103, 0),
		...extra,
		{ group: 0x7fe0, element: 0x0010, vr: 'OW', value: grey16(pixels) },
	])
}

async function greyPixels(png: Buffer): Promise<number[]> {
	const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true })
	const values: number[] = []
	for (let i = 0; i < data.length; i += info.channels) values.push(data[i])
	return values
}

describe('readDicomInfo', () => {
	it('reads the study tags of the fixture', () => {
		expect(readDicomInfo(fixture)).toMatchObject({
			modality: 'CR',
			studyDate: '2025-01-09',
			studyDescription: 'XR CHEST 2 VIEWS',
			bodyPart: 'CHEST',
			institution: 'Elmridge Radiology Associates',
			rows: 64,
			columns: 64,
		})
	})

	it('holds nothing of the patient', () => {
		expect(JSON.stringify(readDicomInfo(fixture))).not.toMatch(/KOWALCZYK|ODALYS|32506674/)
	})

	it('refuses garbage', () => {
		expect(() => readDicomInfo(Buffer.concat([Buffer.alloc(128), Buffer.from('DICM'), Buffer.from([1, 2, 3])]))).toThrow()
	})
})

describe('applyWindow', () => {
	it('follows the linear VOI function', () => {
		expect(applyWindow(-161, { center: 40, width: 400 })).toBe(0)
		expect(applyWindow(-200, { center: 40, width: 400 })).toBe(0)
		expect(applyWindow(300, { center: 40, width: 400 })).toBe(255)
		expect(applyWindow(40, { center: 40, width: 400 })).toBeGreaterThan(120)
		expect(applyWindow(40, { center: 40, width: 400 })).toBeLessThan(135)
	})
})

describe('renderDicomPreview', () => {
	it('draws the fixture frame as a PNG of its size', async () => {
		const png = await renderDicomPreview(fixture)
		expect(png).not.toBeNull()
		const metadata = await sharp(png!).metadata()
		expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 64, 64])
	})

	it('applies rescale slope/intercept and the window', async () => {
		// stored 0, 1000, 1040, 2000 with slope 1 intercept -1024 -> -1024, -24, 16, 976 HU; window 0 +- 50
		const file = image16(
			[0, 1000, 1040, 2000],
			[str(0x0028, 0x1052, 'DS', '-1024'), str(0x0028, 0x1053, 'DS', '1'), str(0x0028, 0x1050, 'DS', '0'), str(0x0028, 0x1051, 'DS', '100')],
		)
		const values = await greyPixels((await renderDicomPreview(file))!)
		expect(values[0]).toBe(0)
		expect(values[1]).toBeGreaterThan(50)
		expect(values[1]).toBeLessThan(80)
		expect(values[2]).toBeGreaterThan(160)
		expect(values[3]).toBe(255)
	})

	it('inverts MONOCHROME1 and windows by the data range when no window is given', async () => {
		const values = await greyPixels((await renderDicomPreview(image16([0, 4095], [], 'MONOCHROME1')))!)
		expect(values).toEqual([255, 0])
	})

	it('gives null for a compressed transfer syntax it cannot decode', async () => {
		const jpeg2000 = buildDicom(
			[us(0x0028, 0x0010, 1), us(0x0028, 0x0011, 1), { group: 0x7fe0, element: 0x0010, vr: 'OB', value: Buffer.from([0, 0]) }],
			'1.2.840.10008.1.2.4.90',
		)
		expect(await renderDicomPreview(jpeg2000)).toBeNull()
	})
})

describe('smartCase', () => {
	it('keeps modality and view abbreviations', () => {
		expect(smartCase('XR CHEST 2 VIEWS (PA AND LATERAL)')).toBe('XR Chest 2 Views (PA and Lateral)')
		expect(smartCase('Chest PA')).toBe('Chest PA')
	})
})
