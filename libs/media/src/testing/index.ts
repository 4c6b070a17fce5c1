export { type ImageTraits, imageBytes } from './image.factory.js';
