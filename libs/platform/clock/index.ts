export { withDeadline } from './deadline.js';
