export { signOut as POST } from '@/accounts/handlers'
