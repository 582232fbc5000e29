export { deleteAccount as POST } from '@/accounts/handlers'
