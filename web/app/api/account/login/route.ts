export { logIn as POST } from '@/auth/account-handlers'
