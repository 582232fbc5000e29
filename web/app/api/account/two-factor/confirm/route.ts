export { confirmTwoFactor as POST } from '@/auth/account-handlers'
