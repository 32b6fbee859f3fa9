export { CreateOrderPage } from '../create-order/create-order-page';
