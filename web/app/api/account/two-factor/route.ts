export { twoFactorCode as POST } from '@/auth/account-handlers'
