export { trackEndpoint as POST } from '@/orders/endpoint'
