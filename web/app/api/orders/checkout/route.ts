export { checkoutEndpoint as POST } from '@/orders/endpoint'
