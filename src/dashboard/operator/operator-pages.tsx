/** The operator console's pages: one chunk, loaded only when an operator opens the console. */
export { AuditPage } from './audit-page';
export { CustomersPage } from './customers-page';
export { GiftCardsPage } from './gift-cards-page';
export { OrderPage } from './order-page';
export { OrdersPage } from './orders-page';
export { OverviewPage } from './overview-page';
export { TeamPage } from './team-page';
export { TeamsPage } from './teams-page';
