export { TeamJoinPage } from '../team/join-page';
