export { publicUser, type PublicUser } from './public-user.ts'
