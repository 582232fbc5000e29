export { resetPassword as POST } from '@/accounts/handlers'
