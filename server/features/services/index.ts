/** What the seed uses of services: creating one. */
export { createService } from './service';
