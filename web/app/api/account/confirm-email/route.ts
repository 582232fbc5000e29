export { confirmEmail as POST } from '@/accounts/handlers'
