export { changePassword as POST } from '@/auth/account-handlers'
