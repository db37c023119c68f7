import { router } from '../init.ts'

/** Appointment procedures. */
export const appointmentsRouter = router({})
