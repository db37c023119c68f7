export { getPlatformCounts } from './overview.ts'
