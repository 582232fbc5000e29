export { signUp as POST } from '@/accounts/handlers'
