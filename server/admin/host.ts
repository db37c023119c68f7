import os from 'node:os'
import { statfs } from 'node:fs/promises'
import { getEnv } from '#server/env.server.ts'

/** This machine's load: CPU (1-minute load per core), memory and the data directory's disk, in percent. */
export async function hostLoad() {
	const disk = await statfs(getEnv().dataDir).catch(() => null)
	return {
		cpuPercent: Math.min(100, Math.round((os.loadavg()[0]! / os.cpus().length) * 100)),
		memoryPercent: Math.round(((os.totalmem() - os.freemem()) / os.totalmem()) * 100),
		storagePercent: disk ? Math.round((1 - disk.bavail / disk.blocks) * 100) : null,
		diskFreeBytes: disk ? disk.bavail * disk.bsize : null,
		diskTotalBytes: disk ? disk.blocks * disk.bsize : null,
		totalMemoryBytes: os.totalmem(),
		cpus: os.cpus().length,
	}
}
