export { checkoutEndpoint as POST } from '@/sell/order-endpoint'
