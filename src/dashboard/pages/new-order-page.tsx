export { NewOrderPage } from '../new-order/new-order-page';
