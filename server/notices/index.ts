/** Notices after an action (docs/decisions/010-errors-and-notices.md). */
export { getToast, redirectWithToast } from './toast.server.ts'
export { type ToastInput } from './shared/toast.ts'
