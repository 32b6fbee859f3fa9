export { TeamPage } from '../team/team-page';
