export { logIn as POST } from '@/accounts/handlers'
