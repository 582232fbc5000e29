export { deleteAccount as POST } from '@/auth/account-handlers'
