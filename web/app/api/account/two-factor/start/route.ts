export { startTwoFactor as POST } from '@/auth/account-handlers'
