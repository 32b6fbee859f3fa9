export { ReferralsPage } from '../referrals/referrals-page';
