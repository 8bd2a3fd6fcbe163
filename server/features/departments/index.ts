/** What other server features may use of departments: putting a member on a department's team. */
export { joinTeam } from './service-team';
