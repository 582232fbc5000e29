export { twoFactorCode as POST } from '@/accounts/handlers'
