export { confirmTwoFactor as POST } from '@/accounts/handlers'
