export { forgotPassword as POST } from '@/accounts/handlers'
