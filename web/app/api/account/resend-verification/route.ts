export { resendVerification as POST } from '@/auth/account-handlers'
