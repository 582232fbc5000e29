export { changePassword as POST } from '@/accounts/handlers'
