export { confirmEmail as POST } from '@/auth/account-handlers'
