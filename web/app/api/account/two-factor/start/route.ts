export { startTwoFactor as POST } from '@/accounts/handlers'
