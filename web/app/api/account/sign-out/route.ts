export { signOut as POST } from '@/auth/account-handlers'
