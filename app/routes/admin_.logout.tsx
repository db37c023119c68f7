import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { signOut } from '#server/auth/index.ts'

export async function loader() {
	throw redirect('/admin/login')
}

export async function action({ request }: ActionFunctionArgs) {
	throw await signOut(request, 'admin')
}
