export { forgotPassword as POST } from '@/auth/account-handlers'
