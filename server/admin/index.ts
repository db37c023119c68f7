export { getPlatformCounts } from './overview.ts'
export { getSystemHealth } from './system-health.ts'
