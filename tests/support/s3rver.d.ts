declare module 's3rver' {
	import type { AddressInfo } from 'node:net'

	type S3rverOptions = {
		address?: string
		port?: number
		silent?: boolean
		directory: string
		resetOnClose?: boolean
		configureBuckets?: Array<{ name: string; configs?: string[] }>
	}

	export default class S3rver {
		constructor(options: S3rverOptions)
		run(): Promise<AddressInfo>
		close(): Promise<void>
	}
}
