export { answerEndpoint as POST } from '@/orders/endpoint'
