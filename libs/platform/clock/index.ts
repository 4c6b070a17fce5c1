export { CLOCK, ClockModule, ManualClock, systemClock, type Clock } from './clock.js';
export { withDeadline } from './deadline.js';
