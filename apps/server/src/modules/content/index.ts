export { createContentImages } from './images.ts';
export { createPageTexts } from './page-texts.ts';
export { contentRoutes } from './routes.ts';
export { textToHtml } from './sanitise.ts';
export { seedPageContent } from './service.ts';
