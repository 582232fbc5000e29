export { signUp as POST } from '@/auth/account-handlers'
