export { answerEndpoint as POST } from '@/sell/order-endpoint'
