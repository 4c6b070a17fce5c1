export { LocalizationModule, LocalizationStorefrontApiModule } from './localization.module.js';
export { PresentmentService, type Presentment } from './presentment.service.js';
