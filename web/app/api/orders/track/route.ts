export { trackEndpoint as POST } from '@/sell/order-endpoint'
