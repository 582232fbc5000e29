export { resendVerification as POST } from '@/accounts/handlers'
