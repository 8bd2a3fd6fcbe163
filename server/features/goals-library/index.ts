/** What the seed uses of the goals library: assigning a goal, and the kinds of measurement a goal takes. */
export { assignGoal, type Measurement } from './service';
