export { resetPassword as POST } from '@/auth/account-handlers'
